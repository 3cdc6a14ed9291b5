/**
 * How often the till's watcher asks the gateway about an open order (payments_result). Callbacks
 * are hints; polling is the backbone, but it backs off with the order's age: every second while the
 * payer is likely still at the till, then every minute, every 5 minutes after two hours, every 30
 * minutes after a day, and not at all after three days. An order that old is checked again only
 * when a callback names it, when the till reconciles (at start and after a reconnection), or when
 * someone opens it. Ended orders (success, failed) are never polled.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** While the payer is likely at the till. */
export const AT_TILL_MS = 15 * MINUTE;
/** Older open orders are not polled (abandoned: the till sets no payment deadline, so they never end by themselves). */
export const STOP_POLLING_AFTER_MS = 3 * 24 * HOUR;

const STEPS: readonly { below: number; everyMs: number }[] = [
  { below: 2 * HOUR, everyMs: MINUTE },
  { below: 24 * HOUR, everyMs: 5 * MINUTE },
  { below: STOP_POLLING_AFTER_MS, everyMs: 30 * MINUTE },
];

/**
 * Milliseconds until the next check of an open order of this age, or undefined: do not poll it.
 * `fastMs` is the cadence at the till; the order on screen (`focused`) is checked twice as often.
 */
export function pollDelayMs(ageMs: number, focused: boolean, fastMs: number): number | undefined {
  if (ageMs < AT_TILL_MS) return focused ? fastMs / 2 : fastMs;
  return STEPS.find((step) => ageMs < step.below)?.everyMs;
}
