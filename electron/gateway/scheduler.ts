/**
 * The gateway's due work (docs/architecture.md, "Due work"): deadlines, confirmation waits,
 * settlements and code expiries live in gateway.db columns, the rails' own timed work (sandbox
 * automatic mining) in the rails, callback retries in the outbox. The scheduler asks them all what
 * is due on the gateway clock, at start (so what fell due while the app was down runs now) and then
 * every `everyMs`; nothing is kept only in a timer.
 */
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { CallbackDispatcher } from './callbacks/dispatcher.js';
import type { Rails } from './rails/rail.js';
import type { ResultEngine } from './results/engine.js';

export interface SchedulerDeps {
  engine: ResultEngine;
  rails: Rails;
  dispatcher: CallbackDispatcher;
  /** Sent refunds whose chain check is due (refunds/refunds.ts). */
  refunds?: { due(nowMs: number): void };
  clock: Clock;
  logger: Logger;
  /** How often to look for due work (ms). */
  everyMs: number;
}

/** A cascade (a deadline, then what it scheduled) is followed this many rounds at most per look. */
const MAX_ROUNDS = 10;

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: SchedulerDeps) {}

  /** Processes everything due on the gateway clock now; returns how many payments moved. */
  readonly catchUp = (): number => {
    const { engine, rails, dispatcher, clock } = this.deps;
    rails.due(clock.now());
    this.deps.refunds?.due(clock.now());
    let moved = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const n = engine.processDue(clock.now());
      moved += n;
      if (n === 0) break;
    }
    dispatcher.kick();
    return moved;
  };

  /** Runs what is due now, starts callback delivery, then looks again every `everyMs`. */
  start(): void {
    this.catchUp();
    this.deps.dispatcher.start();
    this.timer = setInterval(() => {
      try {
        this.catchUp();
      } catch (error) {
        this.deps.logger.error('scheduler failed', { error: String(error) });
      }
    }, this.deps.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
