/**
 * The catalogue and the sales settings over the headless host's PosApi (real HTTP, real till.db):
 * a manager edits items and imports and exports CSV, a cashier sees the grid but may not edit it,
 * arguments are validated at the door, the owner sets tax and tip rules, and every change is audited.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const item = {
  name: 'Flat white',
  price: '3.40',
  category: 'Coffee',
  taxRate: '7',
  sku: 'FW',
  barcode: '',
  colour: '',
};

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
  ids = await staffedTill(pos, PINS);
}, 60_000);
afterAll(() => host.stop());

describe('the catalogue over the PosApi', () => {
  it('a manager adds, edits and deletes items; a cashier lists them but may not edit', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const saved = await pos.call('items.save', item);
    expect(saved).toMatchObject({ name: 'Flat white', price: '3.4', taxRate: '7' });
    const edited = await pos.call('items.save', { ...item, itemId: saved.itemId, price: '3.60' });
    expect(edited.price).toBe('3.6');
    const extra = await pos.call('items.save', { ...item, name: 'Old cake', sku: 'OC', category: 'Cakes' });
    expect((await pos.call('items.delete', { itemId: extra.itemId })).deleted).toBe(true);

    await pos.signIn(ids.cashier, PINS.cashier);
    expect((await pos.call('items.list')).map((i: any) => i.name)).toEqual(['Flat white']);
    const refused = await pos.send('items.save', item);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toMatch(/may not edit the catalogue/);
  });

  it('validates every field at the door and refuses a code that belongs to another item', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const bad = await pos.send('items.save', { ...item, price: '-1' });
    expect(bad.error).toMatchObject({ code: 'invalid_args', field: 'price' });
    expect((await pos.send('items.save', { ...item, colour: 'red' })).error).toMatchObject({ field: 'colour' });
    expect((await pos.send('items.save', { ...item, taxRate: '101' })).error).toMatchObject({ field: 'taxRate' });
    expect((await pos.send('items.save', { ...item, name: 'Evil\u202e' })).error).toMatchObject({ field: 'name' });
    const clash = await pos.send('items.save', { ...item, name: 'Other' });
    expect(clash.error).toMatchObject({ code: 'conflict', field: 'sku' });
  });

  it('imports and exports CSV, all or nothing', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const refusedImport = await pos.call('items.import', { csv: 'name,price\r\nScone,x\r\n' });
    expect(refusedImport.problems).toEqual([{ line: 2, field: 'price', message: expect.any(String) }]);
    const imported = await pos.call('items.import', {
      csv: 'name,price,category,tax_rate,sku,barcode,colour\r\nScone,2.2,Cakes,7,,4006381333931,#aa5500\r\nFlat white,3.8,Coffee,7,FW,,\r\n',
    });
    expect(imported).toEqual({ created: 1, updated: 1, problems: [] });
    const exported = await pos.call('items.export');
    expect(exported.rows).toBe(2);
    const rows = parse(exported.csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.name, r.price, r.barcode])).toEqual([
      ['Scone', '2.2', '4006381333931'],
      ['Flat white', '3.8', ''],
    ]);
  });

  it('the owner sets the tax mode, rounding and tips; a manager may not; every change is audited', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    expect(await pos.call('sales.settings')).toMatchObject({ taxMode: 'added', rounding: 'line', tipsEnabled: false });
    expect((await pos.send('sales.saveSettings', { taxMode: 'included' })).status).toBe(403);
    await pos.signIn('owner', PINS.owner);
    const saved = await pos.call('sales.saveSettings', {
      taxMode: 'included',
      rounding: 'order',
      tipsEnabled: true,
      tipPresets: ['10', '12.5'],
      shopAddress: '1 Market St',
      taxId: 'DE123',
    });
    expect(saved).toMatchObject({ taxMode: 'included', rounding: 'order', tipPresets: ['10', '12.5'] });
    expect((await pos.send('sales.saveSettings', { rounding: 'bankers' })).error).toMatchObject({ field: 'rounding' });
    const audit = await pos.call('audit.list', {});
    const actions = audit.entries.map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['item.add', 'item.update', 'item.delete', 'item.import']));
    expect(actions).toEqual(expect.arrayContaining(['item.export', 'sales.settings']));
  });
});
