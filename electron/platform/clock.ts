/**
 * The one source of time. Everything that reads "now" takes a Clock, so sandbox mode can
 * move time forward and tests can pin it. Milliseconds since the Unix epoch.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock the sandbox may move forward. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export function isMovable(clock: Clock): clock is MovableClock {
  return typeof (clock as Partial<MovableClock>).advance === 'function';
}

/**
 * Real time plus a persisted offset: the sandbox's movable clock. `advance` only moves forward;
 * `onOffsetChange` lets the owner persist the offset so a restart keeps the sandbox's time.
 */
export class OffsetClock implements MovableClock {
  constructor(
    private offsetMs: number,
    private readonly base: Clock = systemClock,
    private readonly onOffsetChange: (offsetMs: number) => void = () => {},
  ) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    this.onOffsetChange(this.offsetMs);
  }

  /** Takes an offset another process moved to (never back: the clock only moves forward). */
  protected follow(offsetMs: number): void {
    if (offsetMs > this.offsetMs) this.offsetMs = offsetMs;
  }
}

/** A clock that moves only when told: for unit tests. */
export class ManualClock implements MovableClock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
