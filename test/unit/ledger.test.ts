/** The ledger's memo of committed transactions never shows a stale or rolled-back state (real SQLite file). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { Ledger, type TransactionRow } from '../../electron/gateway/results/ledger.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'pd-ledger-'));
  dirs.push(dir);
  const db = openGatewayDb(join(dir, 'gateway.db'));
  // Foreign keys off: the ledger is exercised alone, without payments rows.
  db.pragma('foreign_keys = OFF');
  return { db, ledger: new Ledger(db) };
}

const tx = (txid: string, amount: string): TransactionRow => ({
  kind: 'chain',
  txid,
  network: 'Ethereum',
  trace_id: 'trace-1',
  asset_id: 'a',
  amount,
  destination: '0xabc',
  tag: '',
  memo: '',
  confirmations: 0,
  required_confirmations: 3,
  confirmed: 0,
  gone: 0,
  booked: 'unmatched',
  seen_at: 1,
});

describe('Ledger', () => {
  it('shows every write after a cached read, and nothing a rolled-back transaction wrote', () => {
    const { db, ledger } = open();
    expect(ledger.of('trace-1')).toEqual([]); // cached: empty
    ledger.add(tx('0x1', '5'));
    expect(ledger.of('trace-1').map((t) => t.txid)).toEqual(['0x1']);
    ledger.book('chain', '0x1', 'counted');
    ledger.setConfirmations('chain', '0x1', 2, false);
    expect(ledger.of('trace-1')[0]).toMatchObject({ booked: 'counted', confirmations: 2, confirmed: 0 });
    ledger.markGone('chain', '0x1');
    expect(ledger.of('trace-1')[0]?.gone).toBe(1);
    ledger.revive('0x1', 7, '0xhash');
    expect(ledger.of('trace-1')[0]).toMatchObject({ gone: 0, booked: 'unmatched', confirmations: 0 });

    // A read inside a transaction that then rolls back must not be remembered.
    expect(() =>
      db.transaction(() => {
        ledger.add(tx('0x2', '1'));
        expect(ledger.of('trace-1')).toHaveLength(2);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(ledger.of('trace-1').map((t) => t.txid)).toEqual(['0x1']);

    // Callers may change what they get without changing the memo.
    const rows = ledger.of('trace-1');
    rows[0]!.amount = '999';
    expect(ledger.of('trace-1')[0]?.amount).toBe('5');
    db.close();
  });
});
