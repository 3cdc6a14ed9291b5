/**
 * The callback retry schedule (docs/api.md, "Callbacks"): at most 9 attempts in all; after a failure the
 * next comes 15 s, 15 s, 30 s, 180 s, 1800 s, 1800 s, 1800 s, 1800 s later (gateway clock).
 */
export const MAX_ATTEMPTS = 9;
export const RETRY_DELAYS_SECONDS = [15, 15, 30, 180, 1800, 1800, 1800, 1800] as const;
/** No answer within this long (real time) is a failed attempt. */
export const ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * When the next attempt is due after the `attemptsMade`-th attempt failed at `failedAtMs`,
 * or null when the delivery is exhausted.
 */
export function nextAttemptAt(attemptsMade: number, failedAtMs: number): number | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null;
  const delay = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  if (delay === undefined) throw new RangeError(`attempt number out of range: ${attemptsMade}`);
  return failedAtMs + delay * 1000;
}
