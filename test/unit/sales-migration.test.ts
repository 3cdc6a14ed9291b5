/**
 * till.db migration 11 (sales and tenders) on a real file: a till.db at version 10 with an order and
 * an item keeps them, and gets empty `sales` and `sale_tenders` that take a sale whose crypto part is
 * that order; a tender of an unknown kind is refused by the table itself.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { SalesBook } from '../../electron/till/sales/book.js';
import { openDatabase, type Db } from '../../electron/platform/db.js';
import { tempDataDir } from '../helpers/host.js';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('till.db migration 11 (sales and tenders)', () => {
  it('keeps the orders and items of a version 10 till.db and adds the sales book', () => {
    const dir = tempDataDir('pd-sales-mig-');
    dirs.push(dir);
    const file = join(dir, 'till.db');
    const old = openDatabase({ file, migrations: tillMigrations.slice(0, 10) });
    old
      .prepare(
        `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id,
           is_chain, settlement_asset_id, note, callback_url, status, created_at, updated_at)
         VALUES ('pd-1', 't-1', 'p', 'usd', 'USD', '4.5', 'a', 0, '', '', '', 'success', 5, 5)`,
      )
      .run();
    old
      .prepare("INSERT INTO items (item_id, name, price, created_at, updated_at) VALUES ('it-1', 'Tea', '2', 1, 1)")
      .run();
    old.close();

    const db = openTillDb(file);
    dbs.push(db);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(11);
    expect(db.prepare('SELECT order_id, quote_amount, status FROM orders').all()).toEqual([
      { order_id: 'pd-1', quote_amount: '4.5', status: 'success' },
    ]);
    expect(db.prepare('SELECT name FROM items').pluck().all()).toEqual(['Tea']);
    const book = new SalesBook(db);
    const row = {
      sale_id: 'sl-1',
      created_at: 10,
      cashier_id: '',
      cashier_name: '',
      currency: 'usd',
      symbol: 'USD',
      subtotal: '6.5',
      discount_total: '0',
      tax_total: '0',
      sale_total: '6.5',
      tip: '0',
      total: '6.5',
      priced: '{"lines":[]}',
      order_id: 'pd-1',
      shift_id: '',
      note: '',
    };
    book.insert(row, [
      { kind: 'cash', amount: '2', tendered: '5', change: '3', reference: '' },
      { kind: 'crypto', amount: '4.5', tendered: '', change: '', reference: 'pd-1' },
    ]);
    expect(book.byOrder('pd-1')).toMatchObject({ orderStatus: 'success', row: { sale_id: 'sl-1' } });
    expect(book.inRange(0, 100).map((s) => s.tenders.length)).toEqual([2]);
    expect(() =>
      book.insert({ ...row, sale_id: 'sl-2' }, [
        { kind: 'voucher' as 'cash', amount: '1', tendered: '', change: '', reference: '' },
      ]),
    ).toThrow(/CHECK constraint/);
    expect(book.get('sl-2')).toBeUndefined();
  });
});
