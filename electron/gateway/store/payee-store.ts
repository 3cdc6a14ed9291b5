/**
 * The first store behind the engine-neutral, async interface of docs/scaling.md ("One interface,
 * two engines"): payees, on SQLite (gateway/payees.ts, the table's owner there) and on PostgreSQL
 * (store/postgres/payees.ts). Both pass the same suite, test/api/payee-store.test.ts. Not yet wired
 * into the embedded gateway, whose create path still reads payees synchronously.
 */
export interface PayeeRecord {
  payeeId: string;
  networkId: string;
  fullName: string;
}

export interface PayeeStore {
  byNetworkId(networkId: string): Promise<PayeeRecord | undefined>;
  byId(payeeId: string): Promise<PayeeRecord | undefined>;
  /**
   * Registers `candidate` unless its network id is taken, and answers the payee that holds the
   * network id: exactly one payee per network id, also across processes (a unique constraint, not
   * a lock in one process).
   */
  register(candidate: PayeeRecord, nowMs: number): Promise<PayeeRecord>;
}
