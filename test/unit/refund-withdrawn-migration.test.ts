/**
 * Migration 11 of gateway.db: a database at version 10 with refunds (one of each status) is opened
 * by this version; every refund is kept as it was (the table is rebuilt to learn `withdrawn`), with
 * its indexes; a withdrawn refund can then be stored and other statuses are still refused. Real
 * SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openDatabase } from '../../electron/platform/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const REFUND_COLUMNS = `refund_id, kind, trace_id, asset_id, amount, is_chain, network, destination, tag, reason, amount_in,
  quote_asset_id, quote_asked, original_price, today_price, status, txid, flag_reason, confirmations,
  required_confirmations, sent_height, next_check_at, created_at, updated_at`;

describe('gateway.db migration 11 (refunds can be withdrawn)', () => {
  it('keeps every refund and its indexes, and accepts the withdrawn status afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-gw-m11-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    const old = openDatabase({ file, migrations: gatewayMigrations.slice(0, 10) });
    expect(old.pragma('user_version', { simple: true })).toBe(10);
    old
      .prepare(
        "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('payee-1', '7000101', 'Shop', 0)",
      )
      .run();
    old
      .prepare(
        `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount, settlement_asset_id, strict_mode,
           payment_asset_id, is_chain, remark, note, settlement_memo, return_to, failed_return_to, callback_url, callback_events, expired_at,
           is_one_time, code_expires_at, review_required, quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount)
         VALUES ('trace-1', 'payee-1', 'o-1', 'usd', '20', '', '', 0, 'asset-1', 1, '', '', '', '', '', '', '', 0, 0, 0, 0, '0', '', 1, 1, 'failed', '20')`,
      )
      .run();
    const insert = old.prepare(
      `INSERT INTO refunds (${REFUND_COLUMNS}) VALUES (?, ?, 'trace-1', 'asset-1', ?, 1, 'Ethereum', '0xabc', '', 'why', 'asset',
         'usd', '', '1', '1', ?, ?, ?, 0, 0, 0, ?, 10, 20)`,
    );
    insert.run('r-to-send', 'refund', '1.5', 'to_send', '', '', 0);
    insert.run('r-sent', 'refund', '2', 'sent', '0xaa', '', 1234);
    insert.run('r-confirmed', 'refund', '3', 'confirmed', '0xbb', '', 0);
    insert.run('r-flagged', 'refund', '4', 'flagged', '0xcc', 'sent 3.9, not 4', 0);
    insert.run('k-kept', 'keep', '0.5', 'kept', '', '', 0);
    expect(() => insert.run('r-x', 'refund', '1', 'withdrawn', '', '', 0)).toThrow(/CHECK/);
    const before = old.prepare(`SELECT ${REFUND_COLUMNS} FROM refunds ORDER BY refund_id`).all();
    old.close();

    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    expect(db.prepare(`SELECT ${REFUND_COLUMNS} FROM refunds ORDER BY refund_id`).all()).toEqual(before);
    expect(db.prepare('SELECT DISTINCT withdrawn_reason FROM refunds').pluck().all()).toEqual(['']);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refunds' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all();
    expect(indexes).toEqual(['refunds_due', 'refunds_trace', 'refunds_txid']);
    db.prepare(
      "UPDATE refunds SET status = 'withdrawn', withdrawn_reason = 'typed the wrong address' WHERE refund_id = 'r-flagged'",
    ).run();
    expect(() => db.prepare("UPDATE refunds SET status = 'lost' WHERE refund_id = 'r-sent'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE refunds SET txid = '0xaa' WHERE refund_id = 'r-confirmed'").run()).toThrow(
      /UNIQUE/,
    );
    db.close();
  });
});
