/**
 * Per-client token buckets for requests from other machines (README, "Security": loopback
 * clients are not limited). Real time: a rate limit protects the machine, not the sandbox's story.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  static isLoopback(ip: string): boolean {
    return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
  }

  /** True when the request may go ahead. */
  take(client: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(client, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(client, bucket);
    if (this.buckets.size > 10_000) this.buckets.clear(); // bounded memory under a flood of addresses
    return true;
  }
}
