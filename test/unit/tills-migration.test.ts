/**
 * Migration 12 of gateway.db (tills): a database at version 11 with payments is opened by this
 * version; every payment keeps its row and gets till_id '' (made without a till key); tills can then
 * be stored, a key hash only once, a live name only once. Real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openDatabase } from '../../electron/platform/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('gateway.db migration 12 (tills)', () => {
  it("keeps every payment, each with till_id '', and stores tills with unique key hashes and live names", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-gw-m12-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    const old = openDatabase({ file, migrations: gatewayMigrations.slice(0, 11) });
    old
      .prepare(
        "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('payee-1', '7000101', 'Shop', 0)",
      )
      .run();
    const insert = old.prepare(
      `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount, settlement_asset_id, strict_mode,
         payment_asset_id, is_chain, remark, note, settlement_memo, return_to, failed_return_to, callback_url, callback_events, expired_at,
         is_one_time, code_expires_at, review_required, quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount)
       VALUES (?, 'payee-1', ?, 'usd', ?, '', '', 0, 'asset-1', 1, '', '', '', '', '', '', '', 0, 0, 0, 0, '0', '', ?, 1, ?, ?)`,
    );
    insert.run('trace-1', 'o-1', '20', 1000, 'success', '20');
    insert.run('trace-2', 'o-2', '0.3', 2000, 'unpaid', '0.3');
    const before = old.prepare('SELECT * FROM payments ORDER BY trace_id').all();
    old.close();

    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    const after = db.prepare('SELECT * FROM payments ORDER BY trace_id').all() as Record<string, unknown>[];
    expect(after.map(({ till_id: _, ...rest }) => rest)).toEqual(before);
    expect(after.map((row) => row.till_id)).toEqual(['', '']);
    const till = db.prepare('INSERT INTO tills (till_id, name, key_hash, created_at) VALUES (?, ?, ?, ?)');
    till.run('t-1', 'Front', 'aa', 5);
    expect(() => till.run('t-2', 'Back', 'aa', 5)).toThrow(/UNIQUE/);
    expect(() => till.run('t-3', 'Front', 'bb', 5)).toThrow(/UNIQUE/);
    db.prepare("UPDATE tills SET revoked_at = 9 WHERE till_id = 't-1'").run();
    till.run('t-4', 'Front', 'cc', 10);
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM payments WHERE till_id = 't-4' AND created_at >= 0 AND created_at < 9")
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('payments_created_till');
    db.close();
  });
});
