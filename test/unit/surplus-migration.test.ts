/**
 * Data migration 8 of gateway.db: a database at version 7 holding the surplus figures the old
 * machine stored (a confirmation after full payment added again, a late transaction a reorg took
 * away still counted, an open amount given a surplus) is opened by this version, and every payment's
 * stored surplus is recomputed from its ledger. Real SQLite file.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openDatabase } from '../../electron/platform/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const ASSET = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const OTHER = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';

interface OldPayment {
  trace: string;
  payable: string;
  surplus: string;
  status?: string;
  txs: {
    amount: string;
    booked: 'counted' | 'surplus' | 'wrong_asset' | 'unmatched';
    gone?: boolean;
    asset?: string;
    confirmed?: boolean;
  }[];
}

/** A gateway.db as version 7 left it, with the given payments and their ledger. */
function versionSevenDb(file: string, payments: OldPayment[]): void {
  const db = openDatabase({ file, migrations: gatewayMigrations.slice(0, 7) });
  expect(db.pragma('user_version', { simple: true })).toBe(7);
  db.prepare(
    "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('payee-1', '7000101', 'Shop', 0)",
  ).run();
  const insertPayment = db.prepare(
    `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount, settlement_asset_id, strict_mode,
       payment_asset_id, is_chain, remark, note, settlement_memo, return_to, failed_return_to, callback_url, callback_events, expired_at,
       is_one_time, code_expires_at, review_required, quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount,
       surplus_amount, surplus_status)
     VALUES (?, 'payee-1', ?, 'usd', ?, '', '', 0, ?, 1, 'keep me', '', '', '', '', '', '', 0, 0, 0, 0, '0', '', 1, 1, ?, ?, ?, ?)`,
  );
  const insertTx = db.prepare(
    `INSERT INTO transactions (kind, txid, network, trace_id, asset_id, amount, destination, tag, memo, confirmations, required_confirmations, confirmed, gone, booked, seen_at)
     VALUES ('chain', ?, 'Ethereum', ?, ?, ?, '0xabc', '', '', 6, 6, ?, ?, ?, ?)`,
  );
  let n = 0;
  for (const p of payments) {
    insertPayment.run(
      p.trace,
      `order-${p.trace}`,
      p.payable,
      ASSET,
      p.status ?? 'pending',
      p.payable,
      p.surplus,
      p.surplus === '0' ? 'no' : 'recorded',
    );
    for (const tx of p.txs)
      insertTx.run(
        `0x${++n}`,
        p.trace,
        tx.asset ?? ASSET,
        tx.amount,
        tx.confirmed === false ? 0 : 1,
        tx.gone ? 1 : 0,
        tx.booked,
        n,
      );
  }
  db.close();
}

describe('gateway.db migration 8: surplus recomputed from the ledger', () => {
  it('fixes every stored surplus so that paid (at most what is due) + surplus = what was sent, and touches nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-surplus-mig-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    versionSevenDb(file, [
      // An open amount: a confirmation after full payment was added to the surplus (5); everything is paid.
      {
        trace: 'open',
        payable: '0',
        surplus: '5',
        txs: [
          { amount: '3', booked: 'counted' },
          { amount: '5', booked: 'counted' },
        ],
      },
      // A late transaction a reorganisation took away (the rail never told the machine): still in the surplus.
      {
        trace: 'late-gone',
        payable: '10',
        surplus: '4',
        txs: [
          { amount: '10', booked: 'counted' },
          { amount: '4', booked: 'surplus', gone: true, confirmed: false },
        ],
      },
      // Crossing the amount due, a late one, a gone counted one, the wrong asset and an unmatched row: 12 + 5 - 10 + 3 = 10.
      {
        trace: 'mixed',
        payable: '10',
        surplus: '99',
        txs: [
          { amount: '12', booked: 'counted' },
          { amount: '5', booked: 'counted', confirmed: false },
          { amount: '3', booked: 'surplus' },
          { amount: '7', booked: 'counted', gone: true, confirmed: false },
          { amount: '100', booked: 'wrong_asset', asset: OTHER },
          { amount: '1', booked: 'unmatched' },
        ],
      },
      // Already right: 10 due, 15 sent -> 5.
      { trace: 'right', payable: '10', surplus: '5', txs: [{ amount: '15', booked: 'counted' }] },
      // Short and failed: nothing beyond what is due.
      { trace: 'short', payable: '10', surplus: '0', status: 'failed', txs: [{ amount: '4', booked: 'counted' }] },
      // A one-time code without an instruction (no payable yet) and no money.
      { trace: 'code', payable: '', surplus: '0', status: 'unpaid', txs: [] },
    ]);

    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    const rows = db
      .prepare(
        'SELECT trace_id, surplus_amount, surplus_status, status, remark, payable_amount FROM payments ORDER BY trace_id',
      )
      .all() as Record<string, string>[];
    const byTrace = Object.fromEntries(rows.map((r) => [r.trace_id, r]));
    expect(byTrace.open).toMatchObject({ surplus_amount: '0', surplus_status: 'no' });
    expect(byTrace['late-gone']).toMatchObject({ surplus_amount: '0', surplus_status: 'no' });
    expect(byTrace.mixed).toMatchObject({ surplus_amount: '10', surplus_status: 'recorded' });
    expect(byTrace.right).toMatchObject({ surplus_amount: '5', surplus_status: 'recorded' });
    expect(byTrace.short).toMatchObject({ surplus_amount: '0', surplus_status: 'no', status: 'failed' });
    expect(byTrace.code).toMatchObject({ surplus_amount: '0', surplus_status: 'no', status: 'unpaid' });
    for (const row of rows) expect(row.remark).toBe('keep me');
    // The ledger itself is the record: unchanged.
    expect((db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(12);
    db.close();

    // Opening again runs nothing more.
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    again.close();
  });
});
