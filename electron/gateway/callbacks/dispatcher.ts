/**
 * Runs the outbox: picks deliveries that are due on the gateway clock and attempts each on its
 * own. Concurrency is bounded globally and per endpoint (origin), so a slow or dead endpoint
 * never delays anyone else's callbacks. Nothing is held only in memory: an attempt interrupted
 * by a crash is simply due again after restart (delivery is at least once).
 */
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { CallbackSender } from './sender.js';
import type { CallbackStore, DueDelivery } from './store.js';

/**
 * A callback URL as logs may show it: origin and path. Shop plugins put secret tokens in the
 * query (`?token=...`) and sometimes credentials in the userinfo; the delivery log (merchant key)
 * keeps the full URL, the log files never do.
 */
export function urlForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(not a valid URL)';
  }
}

/** How long a server process holds a delivery it attempts before others may take it (gateway ms). */
const CLAIM_LEASE_MS = 60_000;

export interface DispatcherOptions {
  store: CallbackStore;
  sender: Pick<CallbackSender, 'send' | 'close'>;
  clock: Clock;
  logger: Logger;
  /** Attempts in flight at once, all endpoints together. */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint. */
  perOriginConcurrency?: number;
  /** How often to look for due deliveries when nothing kicks (clock moves, restarts). */
  pollMs?: number;
}

export class CallbackDispatcher {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perOrigin = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private pumping = false;
  private repump = false;
  private readonly concurrency: number;
  private readonly perOriginLimit: number;

  constructor(private readonly options: DispatcherOptions) {
    this.concurrency = options.concurrency ?? 64;
    this.perOriginLimit = options.perOriginConcurrency ?? 8;
  }

  start(): void {
    this.stopped = false;
    const poll = (): void => {
      this.safely(() => this.kick());
      this.timer = setTimeout(poll, this.options.pollMs ?? 250);
      this.timer.unref();
    };
    poll();
  }

  /** Look for due work now (after an enqueue, a clock move, or a finished attempt). */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.repump = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.repump = false;
        this.pump();
      } while (this.repump && !this.stopped);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Runs a look for due work from a timer or a finished attempt: a failure (the database away for a
   * moment) is logged and the next poll looks again, instead of ending the process.
   */
  private safely(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.options.logger.error('callback delivery could not look for due work', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private pump(): void {
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const saturated = [...this.perOrigin].filter(([, n]) => n >= this.perOriginLimit).map(([origin]) => origin);
    this.launch(this.options.store.dueAt(this.options.clock.now(), free, saturated, [...this.inFlight.keys()]));
  }

  /**
   * One endpoint freed a slot: look only at its own due work (indexed), instead of scanning
   * every endpoint's backlog after each attempt.
   */
  private refill(origin: string): void {
    if (this.stopped) return;
    const free = Math.min(
      this.concurrency - this.inFlight.size,
      this.perOriginLimit - (this.perOrigin.get(origin) ?? 0),
    );
    if (free <= 0) return;
    this.launch(this.options.store.dueForOrigin(origin, this.options.clock.now(), free, [...this.inFlight.keys()]));
  }

  private launch(due: readonly DueDelivery[]): void {
    for (const delivery of due) {
      if (this.inFlight.size >= this.concurrency) break;
      const running = this.perOrigin.get(delivery.origin) ?? 0;
      if (running >= this.perOriginLimit) continue;
      // Another server process took it first (shared PostgreSQL outbox): it makes this attempt.
      if (!this.options.store.claim(delivery, this.options.clock.now() + CLAIM_LEASE_MS)) continue;
      this.perOrigin.set(delivery.origin, running + 1);
      const attempt = this.attempt(delivery).finally(() => {
        // Others may have waited for a global slot only when every slot was taken.
        const globallyFull = this.inFlight.size >= this.concurrency;
        this.inFlight.delete(delivery.deliveryId);
        const left = (this.perOrigin.get(delivery.origin) ?? 1) - 1;
        if (left <= 0) this.perOrigin.delete(delivery.origin);
        else this.perOrigin.set(delivery.origin, left);
        this.safely(() => (globallyFull ? this.kick() : this.refill(delivery.origin)));
      });
      this.inFlight.set(delivery.deliveryId, attempt);
    }
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const { clock, store, sender, logger } = this.options;
    const at = clock.now();
    let outcome;
    try {
      outcome = await sender.send(delivery.url, delivery.origin, delivery.body);
    } catch (error) {
      outcome = {
        delivered: false,
        httpStatus: 0,
        durationMs: 0,
        error: `send failed: ${String(error)}`,
        responseExcerpt: '',
      };
    }
    if (this.stopped && !outcome.delivered) return; // shutting down: leave it due, it runs again after restart
    try {
      const status = store.recordAttempt(
        delivery.deliveryId,
        {
          at,
          httpStatus: outcome.httpStatus,
          durationMs: outcome.durationMs,
          error: outcome.error,
          responseExcerpt: outcome.responseExcerpt,
        },
        outcome.delivered,
        clock.now(),
      );
      if (status === 'exhausted')
        logger.warn('callback exhausted', {
          deliveryId: delivery.deliveryId,
          traceId: delivery.traceId,
          url: urlForLog(delivery.url),
        });
    } catch (error) {
      logger.error('could not record callback attempt', { deliveryId: delivery.deliveryId, error: String(error) });
    }
  }

  /** Stops picking new work and waits (bounded) for attempts in flight. */
  async stop(graceMs = 2000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const all = Promise.allSettled([...this.inFlight.values()]);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    this.options.sender.close();
  }

  /** For tests and the sandbox: resolves when nothing is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }
}
