/**
 * A new order's `created` step is not written to `payment_events`: the payment row and the
 * instruction it began with hold what it said, and the history (PaymentsStore.events) rebuilds it
 * from them (docs/performance.md, "The created step is read, not written"). These check the rebuilt
 * step says what the stored one said, also after renewals, and that orders stored with their step
 * and one-time codes answer as stored. Real SQLite file, gateway clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../electron/platform/db.js';
import { openGatewayCore, type GatewayCore } from '../helpers/gateway-core.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const T0 = Date.UTC(2026, 10, 27, 12);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function open(): GatewayCore {
  const core = openGatewayCore(T0);
  cleanups.push(core.close);
  return core;
}

const order = (orderId: string, quoteAmount: string) => ({
  payeeId: SHOP,
  orderId,
  paymentAssetId: USDT,
  quoteAssetId: 'usd',
  quoteAmount,
});

const storedKinds = (db: Db, traceId: string) =>
  db.prepare('SELECT kind FROM payment_events WHERE trace_id = ? ORDER BY id').pluck().all(traceId);

describe("a new order's created step", () => {
  it('is not stored, and the history starts with it, built from the row and the first instruction', () => {
    const { db, gateway } = open();
    const payment = gateway.payments.create(order('step-1', '12.5'));
    expect(storedKinds(db, payment.traceId)).toEqual([]);
    const history = gateway.store.events(payment.traceId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ at: T0, kind: 'created', from_status: '', to_status: 'unpaid' });
    expect(JSON.parse(history[0]!.detail)).toEqual({
      orderId: 'step-1',
      clientId: payment.clientId,
      paymentAssetId: USDT,
      paymentAmount: payment.paymentAmount,
      isChain: false,
    });
  });

  it('still names the instruction the order began with after two renewals', () => {
    const { db, gateway, clock } = open();
    const first = gateway.payments.create(order('step-2', '20'));
    clock.set((first.expire + 1) * 1000);
    const second = gateway.payments.create(order('step-2', '20'));
    clock.set((second.expire + 1) * 1000);
    const third = gateway.payments.create(order('step-2', '20'));
    expect(new Set([first.clientId, second.clientId, third.clientId]).size).toBe(3);
    const history = gateway.store.events(first.traceId);
    expect(history.map((event) => event.kind)).toEqual(['created', ...storedKinds(db, first.traceId)]);
    expect(history.filter((event) => event.kind === 'created')).toHaveLength(1);
    expect(JSON.parse(history[0]!.detail)).toMatchObject({
      clientId: first.clientId,
      paymentAmount: first.paymentAmount,
    });
    const renewals = history
      .slice(1)
      .map((event) => JSON.parse(event.detail) as { clientId: string; replaces: string });
    expect(renewals.map((r) => [r.replaces, r.clientId])).toEqual([
      [first.clientId, second.clientId],
      [second.clientId, third.clientId],
    ]);
  });

  it('is answered as stored for an order written with its created row, and never twice', () => {
    const { db, gateway } = open();
    const payment = gateway.payments.create(order('step-3', '7'));
    // An order created before the change carries its step as the first row of its history.
    db.prepare(
      "INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, 5, 'created', '', 'unpaid', ?)",
    ).run(payment.traceId, JSON.stringify({ orderId: 'step-3', note: 'as stored' }));
    const history = gateway.store.events(payment.traceId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ at: 5, kind: 'created' });
    expect(JSON.parse(history[0]!.detail)).toEqual({ orderId: 'step-3', note: 'as stored' });
  });

  it('is not made up for a one-time code, whose history starts with its stored code step', () => {
    const { gateway } = open();
    const code = gateway.payments.oneTime(order('step-4', '3'));
    const history = gateway.store.events(code.code);
    expect(history.map((event) => event.kind)).toEqual(['one_time_code']);
  });
});
