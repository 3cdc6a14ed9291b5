/**
 * CSV export and spreadsheet formula injection: text cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR first) are exported with a leading apostrophe; plain decimal
 * amounts are exported as they are.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../electron/till/owner/csv.js';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
});
afterAll(() => gw.close());

describe('owner CSV export', () => {
  it('neutralises formulas in notes and failure reasons, and leaves amounts numeric', async () => {
    const hyperlink = '=HYPERLINK("https://evil.example/x","Refund")';
    const noted = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '12.50',
      paymentAssetId: USDT,
      isChain: false,
      note: hyperlink,
    });
    const failing = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '3',
      paymentAssetId: USDT,
      isChain: false,
      note: '@SUM(1+1)*cmd',
    });
    await call('order.cancel', { orderId: failing.orderId });
    const plain = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: USDT,
      isChain: false,
      note: 'table 4 - window',
    });
    await call('order.get', { orderId: plain.orderId }); // its result is stored
    // Failure reasons as a hostile (hosted) gateway could send them, stored as the till stores results.
    const writer = new Database(join(gw.dataDir, 'till.db'));
    const setReason = (orderId: string, failureReason: string) => {
      const row = writer.prepare('SELECT result FROM orders WHERE order_id = ?').get(orderId) as { result: string };
      writer
        .prepare('UPDATE orders SET result = ? WHERE order_id = ?')
        .run(JSON.stringify({ ...JSON.parse(row.result), failureReason }), orderId);
    };
    setReason(failing.orderId, "-2+3+cmd|' /C calc'!A0");
    setReason(plain.orderId, '\t=1+1');
    writer.close();

    await call('staff.signIn', { accountId: 'owner', pin: '2468' });
    const day = (await call('owner.day')).day;
    const file = await call('owner.export', { from: day, to: day });
    const rows: string[][] = parse(file.csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const records = new Map(
      rows.slice(1).map((r) => [r[0]!, Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]!]))]),
    );
    expect(records.get(noted.orderId)!.note).toBe(`'${hyperlink}`);
    expect(records.get(failing.orderId)!.note).toBe("'@SUM(1+1)*cmd");
    expect(records.get(failing.orderId)!.failure_reason).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(records.get(plain.orderId)!.note).toBe('table 4 - window');
    expect(records.get(plain.orderId)!.failure_reason).toBe("'\t=1+1");
    // Amounts and codes stay as the numbers they are.
    expect(records.get(noted.orderId)!.quote_amount).toBe('12.50');
    expect(records.get(failing.orderId)!.failure_code).toBe('40032');
    for (const record of records.values())
      for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
