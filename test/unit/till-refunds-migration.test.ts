/**
 * till.db's refunds migration (issue 18; file 013): a till.db from before it (version 9) with orders
 * opens with every order kept and an empty refunds table whose rows must name an existing order.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/platform/db.js';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { tempDataDir } from '../helpers/host.js';

describe('till.db refunds migration', () => {
  it('keeps the orders and adds refunds that belong to an order', () => {
    const file = join(tempDataDir('pd-till-refunds-'), 'till.db');
    const db = new Database(file);
    const before = tillMigrations.findIndex((m) => m.name === 'refunds');
    expect(before).toBeGreaterThan(0);
    migrate(db, tillMigrations.slice(0, before));
    db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain,
         settlement_asset_id, note, callback_url, status, instruction, created_at, updated_at)
       VALUES ('o-1', 't-1', 'p', 'usd', 'USD', '5', 'a', 0, '', 'keep me', '', 'failed', '', 1, 1)`,
    ).run();
    db.close();

    const upgraded = openTillDb(file);
    expect(upgraded.prepare("SELECT note, status FROM orders WHERE order_id = 'o-1'").get()).toEqual({
      note: 'keep me',
      status: 'failed',
    });
    expect(upgraded.prepare('SELECT count(*) AS n FROM refunds').get()).toEqual({ n: 0 });
    const insert = upgraded.prepare(
      `INSERT INTO refunds (refund_id, order_id, trace_id, asset_id, symbol, amount, quote_asset_id, quote_symbol, quote_value,
         quote_today, destination, reason, status, staff_id, staff_name, created_at, updated_at)
       VALUES (?, ?, 't-1', 'a', 'USDT', '5', 'usd', 'USD', '5', '5', 'x', 'r', 'to_send', 's', 'S', 2, 2)`,
    );
    insert.run('r-1', 'o-1');
    expect(() => insert.run('r-2', 'no-such-order')).toThrow(/FOREIGN KEY/);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(tillMigrations.length);
    upgraded.close();
  });
});
