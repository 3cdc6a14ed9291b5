/** In live mode a callback body carries the three identifiers only (docs/api.md, "Callbacks"). */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { createGateway } from '../../electron/gateway/gateway.js';
import { Payees } from '../../electron/gateway/payees.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { randomIds } from '../../electron/platform/ids.js';
import { silentLogger } from '../../electron/platform/logger.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function openGateway(mode: 'sandbox' | 'live') {
  const dir = mkdtempSync(join(tmpdir(), 'pd-live-'));
  dirs.push(dir);
  const db = openGatewayDb(join(dir, 'gateway.db'));
  const clock = new ManualClock(Date.UTC(2026, 10, 23));
  const gateway = createGateway({
    db,
    clock,
    logger: silentLogger,
    mode,
    version: 'test',
    ids: randomIds,
    merchantKey: 'k',
    origin: () => 'http://127.0.0.1',
  });
  const payee = new Payees(db, randomIds).register('9000001', 'Live Shop', clock.now());
  const traceId = randomIds.uuid();
  const row = {
    trace_id: traceId,
    payee_id: payee.payeeId,
    order_id: 'live-order-1',
    quote_asset_id: 'usd',
    quote_amount: '10',
    fixed_payment_amount: '',
    settlement_asset_id: '',
    strict_mode: 0,
    payment_asset_id: '4d8c508b-91c5-375b-92b0-ee702ed2dac5',
    is_chain: 0,
    remark: '',
    note: '',
    settlement_memo: '',
    return_to: '',
    failed_return_to: '',
    callback_url: 'https://shop.example/hook',
    callback_events: 'pending|settle|paid_less',
    expired_at: 0,
    is_one_time: 0,
    code_expires_at: 0,
    review_required: 0,
    quote_usd_value: '10',
    current_client_id: randomIds.uuid(),
    created_at: clock.now(),
    updated_at: clock.now(),
    status: 'unpaid' as const,
    payable_amount: '10',
  };
  gateway.store.insert(row);
  return { db, gateway, traceId, payeeId: payee.payeeId, dir };
}

describe('callback bodies by mode', () => {
  it.each([
    ['live', (t: string, p: string) => ({ orderId: 'live-order-1', traceId: t, payeeId: p })],
    ['sandbox', (t: string, p: string) => ({ orderId: 'live-order-1', traceId: t, payeeId: p, callbackEvent: 'fail' })],
  ] as const)('%s mode', async (mode, expected) => {
    const { db, gateway, traceId, payeeId, dir } = openGateway(mode);
    const payment = gateway.store.get(traceId)!;
    db.transaction(() => gateway.engine.apply(payment, { kind: 'cancel' }))();
    await gateway.close();
    db.close();
    const reader = new Database(join(dir, 'gateway.db'), { readonly: true });
    const rows = reader.prepare('SELECT event, body FROM callback_deliveries WHERE trace_id = ?').all(traceId) as {
      event: string;
      body: string;
    }[];
    reader.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event).toBe('fail');
    expect(JSON.parse(rows[0]!.body)).toEqual(expected(traceId, payeeId));
  });
});
