/**
 * The till's due work on a real till.db file: the order writer applies the machine's effects as rows
 * (a send while queued, a poll while open, a refresh at the instruction window's end on the gateway's
 * clock, nothing once ended) in the transaction that writes the order; the scheduler runs sends one at
 * a time, oldest order first, polls a few at a time, and a claim a crash interrupted is due again.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { sequentialIds } from '../../electron/platform/ids.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { openTillDb } from '../../electron/till/db.js';
import { OrderBook, type NewOrder } from '../../electron/till/orders/book.js';
import { OrderWriter } from '../../electron/till/orders/writer.js';
import { PollCadence, RETRY_MS } from '../../electron/till/work/cadence.js';
import { DueWork, type DueKind } from '../../electron/till/work/due-work.js';
import { Scheduler, type DueJobs } from '../../electron/till/work/scheduler.js';
import type { Payment, PaymentResult } from '../../shared/wire.js';
import { tempDataDir } from '../helpers/host.js';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function till(file = join(tempDataDir('pd-due-'), 'till.db')) {
  const db = openTillDb(file);
  opened.push(db);
  const clock = new ManualClock(T0);
  const book = new OrderBook(db);
  const work = new DueWork(db);
  const cadence = new PollCadence(clock, 1000);
  const pushed: string[] = [];
  let offsetMs = 0;
  const writer = new OrderWriter({
    book,
    work,
    clock,
    ids: sequentialIds(),
    cadence,
    gatewayOffsetMs: () => offsetMs,
    publish: (orderId) => pushed.push(orderId),
  });
  const setOffset = (ms: number) => {
    offsetMs = ms;
    work.followGatewayClock(ms);
  };
  return { file, db, clock, book, work, writer, pushed, setOffset };
}

function order(id: string, at: number): NewOrder {
  return {
    order_id: id,
    trace_id: `trace-${id}`,
    payee_id: 'p',
    quote_asset_id: 'usd',
    quote_symbol: 'USD',
    quote_amount: '5',
    payment_asset_id: 'a',
    is_chain: 0,
    cashier_id: '',
    cashier_name: '',
    settlement_asset_id: '',
    note: '',
    callback_url: '',
    created_at: at,
    updated_at: at,
    pay_by: 0,
  };
}

const payment = (clientId: string, expireS: number): Payment => ({
  isChain: false,
  expire: expireS,
  seconds: 60,
  payeeId: 'p',
  traceId: 'trace-o1',
  clientId,
  paymentAssetId: 'a',
  paymentAssetSymbol: 'USDT',
  paymentAmount: '5',
  settlementAssetId: 'a',
  settlementAssetSymbol: 'USDT',
  estimatedSettlementAmount: '5',
  quoteAssetId: 'usd',
  quoteAssetSymbol: 'USD',
  quoteAmount: '5',
  memo: 'm',
  recipient: 'r',
  destination: '',
  tag: '',
});

const result = (status: string, paid = '0') =>
  ({
    status,
    traceId: 'trace-o1',
    payeeId: 'p',
    quoteAmount: '5',
    quoteSymbol: 'USD',
    quoteAssetId: 'usd',
    paymentAmount: paid,
    paymentSymbol: 'USDT',
    paymentAssetId: 'a',
    payableAmount: '5',
    payableSymbol: 'USDT',
    payableAssetId: 'a',
    txid: '',
    blockExplorerUrl: '',
    date: 0,
    confirmations: -1,
    surplusAmount: '0',
    surplusStatus: 'no',
    failureCode: '0',
    failureReason: '',
    returnTo: '',
    expiredAt: 0,
    settleStatus: '',
    settleAmount: '',
    settleSymbol: '',
    settleAsset: '',
  }) as PaymentResult;

const rows = (work: DueWork, orderId: string) =>
  Object.fromEntries(work.of(orderId).map((item) => [item.kind, item.dueAt]));

describe('the order writer and due work', () => {
  it('keeps each order owing exactly what its status needs, committed with the order', () => {
    const { clock, book, work, writer, pushed, setOffset } = till();
    writer.write(order('o1', T0));
    expect(rows(work, 'o1')).toEqual({ send: T0 });

    clock.advance(100);
    writer.unreachable('o1', 'timeout');
    writer.unreachable('o1', 'timeout');
    expect(rows(work, 'o1')).toEqual({ send: T0 + 100 + RETRY_MS });
    expect(pushed).toEqual(['o1']); // the second one changed nothing: not written, not pushed

    // The gateway's clock runs 2 minutes ahead; the instruction's window ends at its T0 + 3 min.
    setOffset(120_000);
    const windowEnd = T0 + 180_000;
    writer.accepted('o1', payment('c1', windowEnd / 1000));
    expect(book.get('o1')).toMatchObject({ status: 'unpaid', last_error: '' });
    expect(rows(work, 'o1')).toEqual({ poll: T0 + 100 + 1000, refresh: windowEnd - 120_000 });
    expect(book.history('o1').map((h) => h.kind)).toEqual(['created', 'queued', 'instruction', 'note']);

    // The sandbox clock moves on: the refresh follows it on the till's clock.
    setOffset(150_000);
    expect(rows(work, 'o1').refresh).toBe(windowEnd - 150_000);

    writer.result('o1', result('confirming', '5'));
    expect(book.get('o1')!.status).toBe('confirming');
    writer.result('o1', result('success', '5'), { kind: 'poll', next: T0 + 5000 });
    expect(book.get('o1')).toMatchObject({ status: 'success', ended_at: T0 + 100 });
    expect(work.of('o1')).toEqual([]);

    // Ended is ended: a later result writes nothing and schedules nothing.
    const before = book.get('o1');
    clock.advance(1000);
    expect(writer.result('o1', result('failed'), { kind: 'poll', next: T0 + 9000 })!.changed).toBe(false);
    expect(book.get('o1')).toEqual(before);
    expect(work.of('o1')).toEqual([]);
  });

  it('a refused create, a withdrawn order and a cancel end the order and its due work', () => {
    const { book, work, writer } = till();
    writer.write(order('refused', T0));
    writer.refused('refused', 'unknown asset');
    writer.write(order('withdrawn', T0));
    writer.withdrawn('withdrawn');
    writer.write(order('cancelled', T0));
    writer.accepted('cancelled', payment('c1', T0 / 1000 + 60));
    writer.cancelled('cancelled', { ...result('failed'), failureCode: '40032', failureReason: 'cancelled' });
    for (const id of ['refused', 'withdrawn', 'cancelled']) {
      expect(book.get(id)!.status).toBe('failed');
      expect(work.of(id)).toEqual([]);
    }
    expect(book.history('cancelled').map((h) => h.kind)).toEqual(['created', 'instruction', 'status', 'cancel']);
  });
});

describe('the scheduler', () => {
  /** Jobs that record what ran, and finish their row when told to. */
  function recordingJobs(work: DueWork) {
    const started: string[] = [];
    const waiting = new Map<string, () => void>();
    let running = 0;
    let peak = 0;
    const job = (kind: DueKind) => (orderId: string) => {
      started.push(`${kind}:${orderId}`);
      running++;
      peak = Math.max(peak, running);
      return new Promise<void>((resolve) =>
        waiting.set(`${kind}:${orderId}`, () => {
          running--;
          work.finish(orderId, kind);
          resolve();
        }),
      );
    };
    const jobs: DueJobs = { poll: job('poll'), send: job('send'), refresh: job('refresh') };
    return { jobs, started, waiting, peak: () => peak };
  }
  const turn = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('sends one order at a time, the oldest first, and polls at most four at once', async () => {
    const { clock, work, writer } = till();
    for (const id of ['s1', 's2', 's3']) writer.write(order(id, T0));
    for (let i = 0; i < 6; i++) work.schedule(`s${(i % 3) + 1}`, i < 3 ? 'poll' : 'refresh', T0 - 10 + i);
    const { jobs, started, waiting } = recordingJobs(work);
    const scheduler = new Scheduler(work, jobs, clock, silentLogger, { tickMs: 10 });
    scheduler.start();
    await turn();
    expect(started.filter((s) => s.startsWith('send:'))).toEqual(['send:s1']);
    expect(started.filter((s) => !s.startsWith('send:'))).toHaveLength(4);
    for (const next of ['s1', 's2']) {
      waiting.get(`send:${next}`)!();
      await turn();
    }
    expect(started.filter((s) => s.startsWith('send:'))).toEqual(['send:s1', 'send:s2', 'send:s3']);
    for (const finish of waiting.values()) finish();
    await scheduler.close();
  });

  it('what a crash interrupted is due again after a restart, and runs once', async () => {
    const first = till();
    first.writer.write(order('o1', T0));
    const interrupted = recordingJobs(first.work);
    const dead = new Scheduler(first.work, interrupted.jobs, first.clock, silentLogger, { tickMs: 10 });
    dead.start();
    await turn();
    expect(interrupted.started).toEqual(['send:o1']); // claimed, never finished: the process dies here
    void dead.close();
    first.db.close();
    opened.splice(opened.indexOf(first.db), 1);

    const second = till(first.file);
    expect(rows(second.work, 'o1')).toEqual({ send: T0 });
    const resumed = recordingJobs(second.work);
    const scheduler = new Scheduler(second.work, resumed.jobs, second.clock, silentLogger, { tickMs: 10 });
    scheduler.start();
    await turn();
    resumed.waiting.get('send:o1')!();
    await turn();
    await turn();
    expect(resumed.started).toEqual(['send:o1']);
    expect(second.work.size()).toBe(0);
    await scheduler.close();
  });
});
