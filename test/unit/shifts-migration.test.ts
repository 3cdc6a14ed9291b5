/**
 * till.db migration 12 (shifts) on a real file: a till.db at version 11 keeps its sales; at most one
 * shift is open; a closed shift (its Z report) cannot be changed or deleted, even by SQL outside the app.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { ShiftBook } from '../../electron/till/shifts/book.js';
import { openDatabase, type Db } from '../../electron/platform/db.js';
import type { ZReport } from '../../shared/posapi-sales.js';
import { tempDataDir } from '../helpers/host.js';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('till.db migration 12 (shifts)', () => {
  it('keeps the sales of a version 11 till.db; one open shift; a closed one is immutable', () => {
    const dir = tempDataDir('pd-shifts-mig-');
    dirs.push(dir);
    const file = join(dir, 'till.db');
    const old = openDatabase({ file, migrations: tillMigrations.slice(0, 11) });
    old
      .prepare(
        `INSERT INTO sales (sale_id, created_at, cashier_id, cashier_name, currency, symbol, subtotal, discount_total,
           tax_total, sale_total, tip, total, priced) VALUES ('sl-1', 1, '', '', 'usd', 'USD', '2', '0', '0', '2', '0', '2', '{}')`,
      )
      .run();
    old.close();
    const db = openTillDb(file);
    dbs.push(db);
    expect(db.prepare('SELECT sale_id, total, shift_id FROM sales').all()).toEqual([
      { sale_id: 'sl-1', total: '2', shift_id: '' },
    ]);

    const book = new ShiftBook(db);
    const open = { shift_id: 'sh-1', opened_at: 1, opened_by_id: 'm', opened_by: 'Max', float: '50' };
    book.open(open);
    expect(() => book.open({ ...open, shift_id: 'sh-2' })).toThrow(/UNIQUE/);
    expect(book.openId()).toBe('sh-1');
    book.close(
      { shiftId: 'sh-1', number: 1, closedAt: 2, expectedCash: '50', countedCash: '49', difference: '-1' } as ZReport,
      {
        id: 'm',
        name: 'Max',
      },
    );
    expect(book.report(1)).toMatchObject({ difference: '-1' });
    expect(() => db.prepare("UPDATE shifts SET difference = '0' WHERE shift_id = 'sh-1'").run()).toThrow(
      /a closed shift is never changed/,
    );
    expect(() => db.prepare("DELETE FROM shifts WHERE shift_id = 'sh-1'").run()).toThrow(/never deleted/);
    expect(book.openId()).toBe('');
  });
});
