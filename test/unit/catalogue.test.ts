/**
 * The item catalogue on a real till.db file: migration 10 on a till.db at version 9 keeps its orders
 * and settings and adds the empty catalogue; items are saved, listed by category, found by SKU and
 * barcode, and a code of one item is refused for another; the CSV round-trips (with the formula guard)
 * and an import is all or nothing, naming each problem by line and column.
 */
import { parse } from 'csv-parse/sync';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueCsv, importCatalogue, ITEM_CSV_COLUMNS } from '../../electron/till/catalogue/csv.js';
import { ItemStore } from '../../electron/till/catalogue/items.js';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { openDatabase, type Db } from '../../electron/platform/db.js';
import { sequentialIds } from '../../electron/platform/ids.js';
import { PosError } from '../../shared/posapi.js';
import type { ItemFields } from '../../shared/posapi-sales.js';
import { tempDataDir } from '../helpers/host.js';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function freshStore(): ItemStore {
  const dir = tempDataDir('pd-catalogue-');
  dirs.push(dir);
  const db = openTillDb(join(dir, 'till.db'));
  dbs.push(db);
  let now = 1_000;
  return new ItemStore(db, { now: () => (now += 1) }, sequentialIds());
}

const tea: ItemFields = {
  name: 'Tea',
  price: '2.50',
  category: 'Drinks',
  taxRate: '7.0',
  sku: 'T-1',
  barcode: '4006381333931',
  colour: '#3366CC',
};

describe('till.db migration 10 (catalogue)', () => {
  it('keeps what a version 9 till.db holds and adds an empty catalogue', () => {
    const dir = tempDataDir('pd-catalogue-mig-');
    dirs.push(dir);
    const file = join(dir, 'till.db');
    const old = openDatabase({ file, migrations: tillMigrations.slice(0, 9) });
    old.prepare('INSERT INTO settings (key, value) VALUES (\'till\', \'{"shopName":"Corner"}\')').run();
    const orders = old.prepare('SELECT count(*) FROM orders').pluck().get();
    old.close();
    const db = openTillDb(file);
    dbs.push(db);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(10);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'till'").pluck().get()).toBe('{"shopName":"Corner"}');
    expect(db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(orders);
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
      .pluck()
      .all();
    expect(indexes).toEqual(expect.arrayContaining(['items_sku', 'items_barcode']));
  });
});

describe('the catalogue store', () => {
  it('saves items in canonical form, lists them by category (Other last), finds them by code', () => {
    const store = freshStore();
    const saved = store.save(tea);
    expect(saved).toMatchObject({ name: 'Tea', price: '2.5', taxRate: '7', colour: '#3366cc' });
    expect(saved.itemId).toMatch(/^it-[a-z0-9]{4,32}$/);
    store.save({ ...tea, name: 'Brownie', category: 'Cakes', sku: '', barcode: '' });
    store.save({ ...tea, name: 'Gift card', category: '', sku: '', barcode: '' });
    store.save({ ...tea, name: 'Apple juice', sku: 'AJ', barcode: '' });
    expect(store.list().map((i) => i.name)).toEqual(['Brownie', 'Apple juice', 'Tea', 'Gift card']);
    expect(store.byBarcode('4006381333931')?.itemId).toBe(saved.itemId);
    expect(store.bySku('AJ')?.name).toBe('Apple juice');
    expect(store.byBarcode('')).toBeUndefined();
  });

  it("refuses another item's SKU or barcode, and edits keep the item's own", () => {
    const store = freshStore();
    const first = store.save(tea);
    const clash = () => store.save({ ...tea, name: 'Green tea', sku: 'T-2' });
    expect(clash).toThrow(PosError);
    expect(clash).toThrow(/barcode 4006381333931 already belongs to Tea/);
    expect(() => store.save({ ...tea, barcode: '' })).toThrow(/SKU T-1/);
    const edited = store.save({ ...tea, price: '2.80' }, first.itemId);
    expect(edited).toMatchObject({ itemId: first.itemId, price: '2.8', createdAt: first.createdAt });
    expect(store.list()).toHaveLength(1);
    store.remove(first.itemId);
    expect(store.list()).toHaveLength(0);
    expect(() => store.remove(first.itemId)).toThrow(/no such item/);
  });
});

describe('the catalogue CSV', () => {
  it('exports the documented columns and imports its own export back as updates', () => {
    const store = freshStore();
    store.save(tea);
    store.save({ ...tea, name: '=HYPERLINK("x")', sku: '', barcode: '', category: 'Odd, "quoted"' });
    const csv = catalogueCsv(store.list());
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...ITEM_CSV_COLUMNS]);
    expect(rows.map((r) => r.name)).toEqual(['Tea', '\'=HYPERLINK("x")']);
    expect(rows[1]?.category).toBe('Odd, "quoted"');
    expect(rows[0]).toMatchObject({ price: '2.5', tax_rate: '7', sku: 'T-1', barcode: '4006381333931' });
    const again = importCatalogue(store, csv);
    expect(again).toEqual({ created: 0, updated: 2, problems: [] });
    expect(store.list().map((i) => i.name)).toEqual(['Tea', '=HYPERLINK("x")']);
  });

  it('imports new items, matching existing ones by SKU, then barcode', () => {
    const store = freshStore();
    const old = store.save(tea);
    const outcome = importCatalogue(
      store,
      'name,price,category,tax_rate,sku,barcode\r\nBlack tea,3,Drinks,7,T-1,\r\nScone,2.2,Cakes,,,123\r\nMuffin,2.4,Cakes,5,,\r\n',
    );
    expect(outcome).toEqual({ created: 2, updated: 1, problems: [] });
    expect(store.get(old.itemId)).toMatchObject({ name: 'Black tea', price: '3' });
    expect(store.byBarcode('123')).toMatchObject({ name: 'Scone', taxRate: '0' });
  });

  it('is all or nothing, naming every problem by line and column', () => {
    const store = freshStore();
    store.save(tea);
    store.save({ ...tea, name: 'Coffee', sku: 'C-1', barcode: '555' });
    const outcome = importCatalogue(
      store,
      'name,price,tax_rate,sku,barcode\r\nScone,2.2,,,\r\n,abc,120,,\r\nGreen tea,3,7,T-1,555\r\n',
    );
    expect(outcome.created).toBe(0);
    expect(outcome.problems).toEqual([
      { line: 3, field: 'name', message: 'type a name' },
      { line: 3, field: 'price', message: 'must be a plain decimal such as 12.50' },
      { line: 3, field: 'tax_rate', message: 'must be a percentage from 0 to 100' },
      { line: 4, field: 'barcode', message: 'The barcode 555 already belongs to Coffee.' },
    ]);
    expect(store.list().map((i) => i.name)).toEqual(['Coffee', 'Tea']);
    expect(importCatalogue(store, 'title,price\r\nx,1\r\n').problems).toEqual([
      { line: 1, field: 'title', message: 'unknown column "title"' },
      { line: 1, field: 'name', message: 'the column "name" is missing' },
    ]);
    expect(() => importCatalogue(store, 'name,price\r\n"unclosed,1\r\n')).toThrow(/not CSV/);
  });
});
