/**
 * bench/till: (1) the owner's day review among 100,000 orders in till.db (totals and the first
 * page of the list), (2) reconciling 1,000 open orders against the embedded gateway after a
 * restart. Prints figures; never passes or fails.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatchPosCommand } from '../electron/bridge/dispatch.js';
import { startCore } from '../electron/compose.js';
import { systemClock } from '../electron/platform/clock.js';
import { randomIds } from '../electron/platform/ids.js';
import { silentLogger } from '../electron/platform/logger.js';
import { openTillDb } from '../electron/till/db.js';
import { OrderBook } from '../electron/till/orders/book.js';
import { OwnerArea } from '../electron/till/owner/area.js';
import { TillSettingsStore } from '../electron/till/settings/store.js';
import { dayOf, dayRange } from '../electron/till/till.js';
import { salesDayBench } from './till-sales.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function dayReviewBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-day-'));
  try {
    const db = openTillDb(join(dir, 'till.db'));
    const settings = new TillSettingsStore(db);
    settings.update({
      payee: { networkId: '7000101', payeeId: 'p', fullName: 'Bench shop' },
      timeZone: 'Europe/Berlin',
    });
    const book = new OrderBook(db);
    const COUNT = 100_000;
    const end = Date.UTC(2026, 10, 23, 23, 0, 0);
    const insert = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain, settlement_asset_id, note, callback_url, status, result, created_at, updated_at, ended_at)
       VALUES (?, ?, 'p', 'usd', 'USD', ?, ?, 0, '', '', '', ?, ?, ?, ?, ?)`,
    );
    const started = performance.now();
    db.transaction(() => {
      for (let i = 0; i < COUNT; i++) {
        const at = end - Math.floor((i / COUNT) * 365 * 86_400_000);
        const amount = `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`;
        const status = i % 10 === 0 ? 'failed' : 'success';
        const result = JSON.stringify({
          status,
          paymentAmount: amount,
          paymentSymbol: 'USDT',
          payableAmount: amount,
          failureCode: status === 'failed' ? '40000' : '0',
          failureReason: '',
          settleStatus: status === 'success' ? 'success' : '',
        });
        insert.run(`pd-bench-${i}`, randomIds.uuid(), amount, USDT, status, result, at, at, at);
      }
    })();
    const seeded = performance.now() - started;
    const owner = new OwnerArea({
      book,
      settings,
      client: undefined as never,
      clock: systemClock,
      dayRange,
      dayOf,
      applyResult: () => {},
      orderView: () => ({}) as never,
    });
    const day = '2026-11-20';
    const timings: number[] = [];
    let orders = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const review = owner.day({ day });
      timings.push(performance.now() - t0);
      orders = review.matching;
    }
    db.close();
    console.log('');
    console.log(
      `bench/till day review: ${COUNT.toLocaleString('en-US')} orders in till.db (seeded in ${(seeded / 1000).toFixed(1)} s); one day has ${orders}`,
    );
    console.log(
      `  totals + hourly + first page of the list: first ${timings[0]!.toFixed(1)} ms, median ${median(timings).toFixed(1)} ms (goal < 100 ms)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reconcileBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-rec-'));
  const COUNT = 1000;
  try {
    let core = await startCore({ dataDir: dir, shell: 'host', port: 0, logger: silentLogger });
    const call = async (command: string, args: unknown = {}): Promise<any> => {
      const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.result;
    };
    await call('settings.save', { payeeNetworkId: '7000101' });
    const orders: any[] = [];
    for (let i = 0; i < COUNT; i++)
      orders.push(
        await call('order.create', {
          quoteAssetId: 'usd',
          quoteAmount: String((i % 50) + 1),
          paymentAssetId: USDT,
          isChain: false,
        }),
      );
    await core.close();
    // While the till is down, every order is paid at the gateway (a separate run of the same data).
    core = await startCore({ dataDir: dir, shell: 'host', port: 0, logger: silentLogger });
    const t0 = performance.now();
    for (const o of orders) {
      const i = o.instruction;
      await fetch(`${core.url}/v1/sandbox/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: i.recipient,
          asset: USDT,
          amount: i.paymentAmount,
          trace: randomIds.uuid(),
          memo: i.memo,
        }),
      });
    }
    const paidIn = performance.now() - t0;
    await core.close();
    // The bench: the till starts and brings all 1,000 open orders up to date, newest first.
    const started = performance.now();
    core = await startCore({ dataDir: dir, shell: 'host', port: 0, logger: silentLogger });
    const reader = new Database(join(dir, 'till.db'), { readonly: true });
    // Paid in full, each order ends 'pending' or, once the sandbox has settled it, 'success': counting
    // 'pending' alone waited for ever when the settlement came first.
    const paid = reader.prepare("SELECT count(*) FROM orders WHERE status IN ('pending', 'success')").pluck();
    while ((paid.get() as number) < COUNT) await new Promise((resolve) => setTimeout(resolve, 20));
    const reconciled = performance.now() - started;
    reader.close();
    await core.close();
    console.log(
      `bench/till reconcile: ${COUNT} open orders brought up to date after a restart in ${(reconciled / 1000).toFixed(2)} s (${(COUNT / (reconciled / 1000)).toFixed(0)} orders/s; paying them took ${(paidIn / 1000).toFixed(1)} s)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runTillBench(): Promise<void> {
  await dayReviewBench();
  await salesDayBench();
  await reconcileBench();
}
