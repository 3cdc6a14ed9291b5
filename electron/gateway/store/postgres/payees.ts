/** Payees on PostgreSQL (the PayeeStore of ../payee-store.ts); the owner of the `payees` table there. */
import type pg from 'pg';
import type { PayeeRecord, PayeeStore } from '../payee-store.js';

type Queryable = Pick<pg.Client | pg.Pool, 'query'>;
interface Row {
  payee_id: string;
  network_id: string;
  full_name: string;
}
const record = (row: Row | undefined): PayeeRecord | undefined =>
  row && { payeeId: row.payee_id, networkId: row.network_id, fullName: row.full_name };

export class PgPayeeStore implements PayeeStore {
  constructor(private readonly db: Queryable) {}

  async byNetworkId(networkId: string): Promise<PayeeRecord | undefined> {
    const found = await this.db.query<Row>('SELECT payee_id, network_id, full_name FROM payees WHERE network_id = $1', [
      networkId,
    ]);
    return record(found.rows[0]);
  }

  async byId(payeeId: string): Promise<PayeeRecord | undefined> {
    const found = await this.db.query<Row>('SELECT payee_id, network_id, full_name FROM payees WHERE payee_id = $1', [
      payeeId,
    ]);
    return record(found.rows[0]);
  }

  async register(candidate: PayeeRecord, nowMs: number): Promise<PayeeRecord> {
    // A concurrent insert of the same network id waits for the other's commit, then does nothing.
    const inserted = await this.db.query<Row>(
      `INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (network_id) DO NOTHING RETURNING payee_id, network_id, full_name`,
      [candidate.payeeId, candidate.networkId, candidate.fullName, nowMs],
    );
    const payee = record(inserted.rows[0]) ?? (await this.byNetworkId(candidate.networkId));
    if (!payee) throw new Error(`payee of network id ${candidate.networkId} neither inserted nor found`);
    return payee;
  }
}
