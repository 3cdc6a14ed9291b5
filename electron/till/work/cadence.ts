/**
 * When due work falls due again (README, "The till"). Polls: callbacks are hints, polling is the
 * backbone, but it backs off with the order's age: every second while the payer is likely still at
 * the till, then every minute, every 5 minutes after two hours, every 30 minutes after a day, and not
 * at all after three days. An order that old is checked again only when a callback names it, when the
 * till starts (its reconciliation), or when someone opens it. Ended orders
 * (success, failed) are never polled. Sends and refreshes that could not reach the gateway are tried
 * again after a pause; an instruction is renewed only while the payer may still be at the till.
 */
import type { Clock } from '../../platform/clock.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** While the payer is likely at the till. */
export const AT_TILL_MS = 15 * MINUTE;
/** Older open orders are not polled (abandoned: the till sets no payment deadline, so they never end by themselves). */
export const STOP_POLLING_AFTER_MS = 3 * 24 * HOUR;
/** A send or refresh that could not reach the gateway is tried again after this long. */
export const RETRY_MS = 2000;
/** An instruction whose window ended is renewed only for orders younger than this. */
export const AUTO_REFRESH_WINDOW_MS = 30 * MINUTE;

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

/** The poll schedule of this till: its clock, its cadence at the till, and the order on screen (kept in memory: a view, not work). */
export class PollCadence {
  private focused: string | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly fastMs = 1000,
  ) {}

  focus(orderId: string): void {
    this.focused = orderId;
  }

  /** When this order's next poll is due on the till's clock, or undefined: it is not polled. */
  next(order: { order_id: string; created_at: number }): number | undefined {
    const now = this.clock.now();
    const delay = pollDelayMs(now - order.created_at, order.order_id === this.focused, this.fastMs);
    return delay === undefined ? undefined : now + delay;
  }
}
