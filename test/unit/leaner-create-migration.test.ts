/**
 * Migration 14 of gateway.db (a leaner create): a database at version 13 with payment events whose ids
 * have a gap (as a rolled-back batch leaves) is opened by this version. Every event keeps its id and
 * its text; the next event gets the largest id plus one, as AUTOINCREMENT gave; the table no longer
 * has AUTOINCREMENT, `sqlite_sequence` no longer names it, `instructions_trace` is gone, the events
 * index is back, and the foreign keys still hold. Then a create through the gateway's own store
 * writes and reads its history as before. Real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { PaymentsStore } from '../../electron/gateway/payments/store.js';
import { openDatabase, type Db } from '../../electron/platform/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const EVENT_COLUMNS = 'id, trace_id, at, kind, from_status, to_status, detail';

function addPayment(db: Db, traceId: string): void {
  db.prepare(
    `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount, settlement_asset_id, strict_mode,
       payment_asset_id, is_chain, remark, note, settlement_memo, return_to, failed_return_to, callback_url, callback_events, expired_at,
       is_one_time, code_expires_at, review_required, quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount)
     VALUES (?, 'payee-1', ?, 'usd', '20', '', '', 0, 'asset-1', 0, '', '', '', '', '', '', '', 0, 0, 0, 0, '20', '', 1, 1, 'unpaid', '20')`,
  ).run(traceId, `order-${traceId}`);
}

function indexNames(db: Db, table: string): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name")
    .pluck()
    .all(table) as string[];
}

describe('gateway.db migration 14 (no instructions_trace, payment_events without AUTOINCREMENT)', () => {
  it('keeps every event with its id, continues the ids after the largest, and drops what no query read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-gw-m14-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    const old = openDatabase({ file, migrations: gatewayMigrations.slice(0, 13) });
    expect(old.pragma('user_version', { simple: true })).toBe(13);
    old
      .prepare(
        "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('payee-1', '7000101', 'Shop', 0)",
      )
      .run();
    addPayment(old, 'trace-1');
    addPayment(old, 'trace-2');
    const insert = old.prepare(
      'INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, ?, ?, ?, ?, ?)',
    );
    insert.run('trace-1', 10, 'created', '', 'unpaid', '{"orderId":"order-trace-1"}');
    insert.run('trace-2', 11, 'created', '', 'unpaid', '{"orderId":"order-trace-2"}');
    insert.run('trace-1', 12, 'transaction', 'unpaid', 'paid_less', '{"amount":"5"}');
    // A gap, as a batch rolled back after taking ids leaves: the ids after it must not move.
    old.prepare("UPDATE sqlite_sequence SET seq = 7 WHERE name = 'payment_events'").run();
    insert.run('trace-2', 13, 'deadline', 'unpaid', 'unpaid', '{}');
    insert.run('trace-1', 14, 'transaction', 'paid_less', 'confirming', '{"amount":"15"}');
    const before = old.prepare(`SELECT ${EVENT_COLUMNS} FROM payment_events ORDER BY id`).all();
    expect(before.map((row) => (row as { id: number }).id)).toEqual([1, 2, 3, 8, 9]);
    expect(indexNames(old, 'instructions')).toContain('instructions_trace');
    old.close();

    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    expect(db.prepare(`SELECT ${EVENT_COLUMNS} FROM payment_events ORDER BY id`).all()).toEqual(before);
    const tableSql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'payment_events'").pluck().get() as string;
    expect(tableSql).not.toMatch(/AUTOINCREMENT/i);
    expect(tableSql).toMatch(/STRICT/);
    expect(db.prepare("SELECT count(*) FROM sqlite_sequence WHERE name = 'payment_events'").pluck().get()).toBe(0);
    expect(indexNames(db, 'instructions')).toEqual([]);
    expect(indexNames(db, 'payment_events')).toEqual(['payment_events_trace']);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(() =>
      db
        .prepare(
          'INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, 1, ?, ?, ?, ?)',
        )
        .run('no-such-trace', 'created', '', 'unpaid', '{}'),
    ).toThrow(/FOREIGN KEY/);

    // The gateway's own store writes the next event after the largest id, and reads a payment's history in order.
    const store = new PaymentsStore(db);
    store.event('trace-2', 15, 'cancelled', 'unpaid', 'failed', { by: 'merchant' });
    expect(db.prepare('SELECT max(id) FROM payment_events').pluck().get()).toBe(10);
    expect(store.events('trace-2').map((event) => event.kind)).toEqual(['created', 'deadline', 'cancelled']);
    db.close();
  });
});
