/**
 * The till's scheduler (docs/architecture.md, "Due work"): every tick it reads what is due from
 * till.db and runs it. Polls and refreshes run a few at a time, the earliest due first; sends one at a
 * time, the oldest order first, so offline orders reach the gateway in the order they were taken. A
 * running item is claimed in memory (one till process per data directory); the job finishes its row
 * in the transaction that writes its outcome, so after a crash what was due is due again.
 */
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { DueItem, DueKind, DueWork } from './due-work.js';

/** The work of each kind, for one order; a job handles the gateway's failures itself. */
export type DueJobs = Record<DueKind, (orderId: string) => Promise<void>>;

export interface SchedulerOptions {
  /** How often the table is read for due work (ms). */
  tickMs?: number;
  /** Polls and refreshes running at once. */
  parallel?: number;
}

const keyOf = (kind: DueKind, orderId: string) => `${kind}:${orderId}`;

export class Scheduler {
  private readonly running = new Map<string, Promise<void>>();
  private sending = false;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;

  constructor(
    private readonly work: DueWork,
    private readonly jobs: DueJobs,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: SchedulerOptions = {},
  ) {}

  start(): void {
    this.started = true;
    const tick = (): void => {
      if (this.closed) return;
      this.pick();
      this.timer = setTimeout(tick, this.options.tickMs ?? 100);
      this.timer.unref();
    };
    tick();
  }

  /** Lets the work running finish (so nothing writes to a closed database); nothing new starts. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Runs an order's work now, due or not (a screen opening, a sandbox action), or joins the run in progress. */
  run(kind: DueKind, orderId: string): Promise<void> {
    const key = keyOf(kind, orderId);
    const current = this.running.get(key);
    if (current) return current;
    if (this.closed) return Promise.resolve();
    const job = this.jobs[kind];
    const run = (async () => job(orderId))()
      .catch((error: unknown) => this.logger.error('due work failed', { kind, orderId, error: String(error) }))
      .finally(() => {
        this.running.delete(key);
        // A slot is free: go on with what is due at once (reconciling a backlog), not at the next tick.
        if (this.started && !this.closed) setImmediate(() => this.pick());
      });
    this.running.set(key, run);
    return run;
  }

  /** The run of this work in progress, if any. */
  runningNow(kind: DueKind, orderId: string): Promise<void> | undefined {
    return this.running.get(keyOf(kind, orderId));
  }

  private pick(): void {
    if (this.closed) return;
    try {
      const now = this.clock.now();
      const idle = (item: DueItem) => !this.running.has(keyOf(item.kind, item.orderId));
      const busy = [...this.running.keys()].filter((key) => !key.startsWith('send:')).length;
      let free = (this.options.parallel ?? 4) - busy;
      if (free > 0)
        for (const item of this.work.due(now, free + busy).filter(idle)) {
          if (free-- <= 0) break;
          void this.run(item.kind, item.orderId);
        }
      if (this.sending) return;
      const send = this.work.dueSendsAt(now, this.running.size + 1).find(idle);
      if (!send) return;
      this.sending = true;
      void this.run('send', send.orderId).finally(() => {
        this.sending = false;
      });
    } catch (error) {
      this.logger.error('could not read the due work', { error: String(error) });
    }
  }
}
