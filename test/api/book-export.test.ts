/**
 * The whole book as one zip of CSV files (README, "Exporting the whole book"), over the headless
 * host's real HTTP bridge: the owner gets every order, each transaction the gateway saw, the orders'
 * histories and the audit log (whose hashes still chain); a manager is refused; the export is logged.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../electron/till/owner/csv.js';
import { ORDER_EVENT_COLUMNS, REFUND_COLUMNS, TRANSACTION_COLUMNS } from '../../electron/till/owner/book-export.js';
import { AUDIT_CSV_COLUMNS } from '../../electron/till/audit/csv.js';
import { USDT } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const sale = (quoteAmount: string, note = '') => ({
  quoteAssetId: 'usd',
  quoteAmount,
  paymentAssetId: USDT,
  isChain: false,
  note,
});

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
});
afterAll(() => host?.stop());

const table = (files: Record<string, Uint8Array>, name: string): Record<string, string>[] => {
  const rows: string[][] = parse(strFromU8(files[name]!));
  return rows.slice(1).map((r) => Object.fromEntries(rows[0]!.map((column, i) => [column, r[i]!])));
};

describe('backup.exportBook', () => {
  it("zips every order, transaction, order event and audit row as CSV; the owner's only, and logged", async () => {
    const ids = await staffedTill(pos, PINS);
    await pos.signIn(ids.cashier, PINS.cashier);
    const paid = await pos.call('order.create', sale('12.50', '=cmd|calc'));
    await pos.call('sandbox.payInFull', { orderId: paid.orderId });
    const open = await pos.call('order.create', sale('3'));
    await pos.call('order.get', { orderId: paid.orderId });

    await pos.signIn(ids.manager, PINS.manager);
    const refused = await pos.send('backup.exportBook', {});
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('forbidden');

    await pos.signIn('owner', PINS.owner);
    const refund = await pos.call('refund.create', {
      orderId: paid.orderId,
      amount: '1.25',
      destination: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      reason: 'returned a scone',
    });
    const book = await pos.call('backup.exportBook', {});
    expect(book.filename).toMatch(/^paydesk-book-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = Buffer.from(book.zipBase64, 'base64');
    expect(zip.byteLength).toBe(book.bytes);
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'audit_log.csv', 'order_events.csv', 'orders.csv', 'refunds.csv', 'transactions.csv'].sort(),
    );
    const names = ['orders.csv', 'transactions.csv', 'order_events.csv', 'refunds.csv', 'audit_log.csv'];
    expect(book.files).toEqual(
      names.map((name) => ({ name, rows: (parse(strFromU8(files[name]!)) as string[][]).length - 1 })),
    );
    expect(strFromU8(files['README.txt']!)).toContain('orders.csv: 2 rows');

    const header = (name: string) => (parse(strFromU8(files[name]!)) as string[][])[0];
    expect(header('orders.csv')).toEqual([...CSV_COLUMNS]);
    expect(header('transactions.csv')).toEqual([...TRANSACTION_COLUMNS]);
    expect(header('order_events.csv')).toEqual([...ORDER_EVENT_COLUMNS]);
    expect(header('audit_log.csv')).toEqual(AUDIT_CSV_COLUMNS);
    expect(header('refunds.csv')).toEqual([...REFUND_COLUMNS]);

    const orders = table(files, 'orders.csv');
    expect(orders.map((o) => o.order_id)).toEqual([paid.orderId, open.orderId]);
    expect(orders[0]).toMatchObject({ quote_amount: '12.50', cashier: 'Cora Cashier' });
    expect(['pending', 'success']).toContain(orders[0]!.status); // paid in full, settling
    expect(orders[0]!.note).toBe("'=cmd|calc"); // formula-safe, as the day CSV
    const txs = table(files, 'transactions.csv');
    expect(txs.length).toBeGreaterThanOrEqual(1);
    expect(txs.every((tx) => tx.order_id === paid.orderId && tx.txid !== '')).toBe(true);
    expect(txs.reduce((sum, tx) => sum + Number(tx.amount), 0)).toBeGreaterThan(0);
    const refunds = table(files, 'refunds.csv');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      order_id: paid.orderId,
      amount: '1.25',
      reason: 'returned a scone',
      staff: 'Owner',
    });
    expect(refund.refunds.map((r: any) => r.id ?? r.refundId)).toContain(refunds[0]!.refund_id);
    const events = table(files, 'order_events.csv');
    expect(new Set(events.map((e) => e.order_id))).toEqual(new Set([paid.orderId, open.orderId]));

    // The audit rows chain as in the app: each row's prev_hash is the previous row's hash.
    const audit = table(files, 'audit_log.csv');
    expect(audit.map((a) => Number(a.seq))).toEqual(audit.map((_, i) => i + 1));
    audit.slice(1).forEach((row, i) => expect(row.prev_hash).toBe(audit[i]!.hash));
    expect(audit.some((a) => a.action === 'staff.add')).toBe(true);

    // The export itself is in the log, with what it held.
    const log = await pos.call('audit.list', { action: 'export.book' });
    expect(log.entries).toHaveLength(1);
    expect(JSON.parse(log.entries[0].detail)).toMatchObject({ bytes: book.bytes });
  });
});
