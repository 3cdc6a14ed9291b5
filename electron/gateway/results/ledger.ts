/**
 * The ledger: the one module that queries `transactions`, the money the rails observed. Every
 * transaction is kept with how it was booked (counted, surplus, wrong asset, unmatched), so no money
 * is ever lost from the record (docs/api.md, "Amounts and surplus"). Callers run these inside their
 * transaction; facts about a transaction are booked through rails/facts.ts.
 */
import { CommittedMemo } from '../../platform/committed-memo.js';
import type { Db } from '../../platform/db.js';
import type { Booking } from './machine.js';

export interface TransactionRow {
  kind: 'wallet' | 'chain';
  txid: string;
  network: string;
  trace_id: string | null;
  asset_id: string;
  amount: string;
  destination: string;
  tag: string;
  memo: string;
  confirmations: number;
  required_confirmations: number;
  confirmed: number;
  gone: number;
  booked: Booking | 'unmatched';
  seen_at: number;
}

/** A row as stored: chain rails also note the block it sits in (0 and '' until known). */
export type StoredTransaction = TransactionRow & { block_number: number; block_hash: string };

export class Ledger {
  private readonly insertRow;
  private readonly byId;
  private readonly ofTrace;
  private readonly setBooking;
  private readonly unconfirmedOn;
  private readonly confirm;
  private readonly gone;
  private readonly revived;
  private readonly reblocked;
  private readonly aboveOn;
  private readonly withMoney;
  /** Committed transactions by trace, for result polling; any write through the ledger forgets them all (writes are rare next to reads). */
  private readonly committed: CommittedMemo<TransactionRow[]>;

  constructor(db: Db) {
    this.committed = new CommittedMemo(db, (rows) => rows.map((row) => ({ ...row })));
    this.insertRow = db.prepare(
      `INSERT INTO transactions (kind, txid, network, trace_id, asset_id, amount, destination, tag, memo, confirmations, required_confirmations, confirmed, gone, booked, seen_at)
       VALUES (@kind, @txid, @network, @trace_id, @asset_id, @amount, @destination, @tag, @memo, @confirmations, @required_confirmations, @confirmed, @gone, @booked, @seen_at)`,
    );
    this.byId = db.prepare('SELECT * FROM transactions WHERE kind = ? AND txid = ?');
    this.ofTrace = db.prepare('SELECT * FROM transactions WHERE trace_id = ? ORDER BY seen_at, rowid');
    this.setBooking = db.prepare('UPDATE transactions SET booked = ? WHERE kind = ? AND txid = ?');
    this.unconfirmedOn = db.prepare(
      "SELECT * FROM transactions WHERE kind = 'chain' AND network = ? AND confirmed = 0 AND gone = 0 ORDER BY seen_at, rowid",
    );
    this.confirm = db.prepare('UPDATE transactions SET confirmations = ?, confirmed = ? WHERE kind = ? AND txid = ?');
    this.aboveOn = db.prepare(
      "SELECT * FROM transactions WHERE kind = 'chain' AND network = ? AND block_number > ? AND gone = 0",
    );
    this.withMoney = db
      .prepare('SELECT DISTINCT trace_id FROM transactions WHERE trace_id IS NOT NULL AND gone = 0 ORDER BY trace_id')
      .pluck();
    this.gone = db.prepare('UPDATE transactions SET gone = 1 WHERE kind = ? AND txid = ?');
    this.revived = db.prepare(
      "UPDATE transactions SET gone = 0, block_number = ?, block_hash = ?, confirmations = 0, confirmed = 0, booked = 'unmatched' WHERE kind = 'chain' AND txid = ?",
    );
    this.reblocked = db.prepare(
      "UPDATE transactions SET block_number = ?, block_hash = ? WHERE kind = 'chain' AND txid = ?",
    );
  }

  private written(): void {
    this.committed.forgetAll();
  }

  add(row: TransactionRow): void {
    this.written();
    this.insertRow.run(row);
  }

  get(kind: 'wallet' | 'chain', txid: string): TransactionRow | undefined {
    return this.byId.get(kind, txid) as TransactionRow | undefined;
  }

  of(traceId: string): TransactionRow[] {
    return this.committed.get(traceId, () => this.ofTrace.all(traceId) as TransactionRow[]) ?? [];
  }

  /** Every payment for which money was seen (and not taken away by a reorganisation). */
  tracesWithMoney(): string[] {
    return this.withMoney.all() as string[];
  }

  book(kind: 'wallet' | 'chain', txid: string, as: Booking): void {
    this.written();
    this.setBooking.run(as, kind, txid);
  }

  unconfirmed(network: string): StoredTransaction[] {
    return this.unconfirmedOn.all(network) as StoredTransaction[];
  }

  /** Chain transactions on `network` in blocks after `block` that are not gone (a reorganisation's victims). */
  aboveBlock(network: string, block: number): StoredTransaction[] {
    return this.aboveOn.all(network, block) as StoredTransaction[];
  }

  setConfirmations(kind: 'wallet' | 'chain', txid: string, confirmations: number, confirmed: boolean): void {
    this.written();
    this.confirm.run(confirmations, confirmed ? 1 : 0, kind, txid);
  }

  markGone(kind: 'wallet' | 'chain', txid: string): void {
    this.written();
    this.gone.run(kind, txid);
  }

  /** A chain transaction a reorganisation took away is back (in `block`): counted afresh. */
  revive(txid: string, block: number, blockHash: string): void {
    this.written();
    this.revived.run(block, blockHash, txid);
  }

  /** Where a chain transaction sits now (its block may change in a reorganisation). */
  setBlock(txid: string, block: number, blockHash: string): void {
    this.written();
    this.reblocked.run(block, blockHash, txid);
  }
}
