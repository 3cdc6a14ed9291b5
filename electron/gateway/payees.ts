/** Payees: the users of this gateway (only they can be looked up and paid). */
import type { Db } from '../platform/db.js';
import type { IdSource } from '../platform/ids.js';
import { GatewayError, paramError } from './errors.js';
import { textProblem } from './params.js';
import { DEMO_USERS } from './seed.js';

export interface Payee {
  payeeId: string;
  networkId: string;
  fullName: string;
}

export class Payees {
  private readonly byNetworkId;
  private readonly byId;
  private readonly insert;

  /** Payees found so far, by id. */
  private readonly known = new Map<string, Payee>();
  private registering = false;

  constructor(
    private readonly db: Db,
    private readonly ids: IdSource,
  ) {
    this.byNetworkId = db.prepare('SELECT payee_id, network_id, full_name FROM payees WHERE network_id = ?');
    this.byId = db.prepare('SELECT payee_id, network_id, full_name FROM payees WHERE payee_id = ?');
    this.insert = db.prepare('INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES (?, ?, ?, ?)');
  }

  /** Seeds the sandbox's demo users once. */
  seedDemoUsers(nowMs: number): void {
    for (const user of DEMO_USERS) {
      if (!this.byNetworkId.get(user.networkId)) this.insert.run(user.payeeId, user.networkId, user.fullName, nowMs);
    }
  }

  lookup(networkId: string): Payee {
    if (!/^\d{1,20}$/.test(networkId)) throw paramError('network_id', 'must be a numeric network id');
    const row = this.byNetworkId.get(networkId) as
      { payee_id: string; network_id: string; full_name: string } | undefined;
    if (!row) throw GatewayError.of('userNotFound', `network_id: ${networkId} is not a user of this gateway`);
    return { payeeId: row.payee_id, networkId: row.network_id, fullName: row.full_name };
  }

  get(payeeId: string): Payee | undefined {
    const known = this.known.get(payeeId);
    if (known) return known;
    const row = this.byId.get(payeeId) as { payee_id: string; network_id: string; full_name: string } | undefined;
    const payee = row ? { payeeId: row.payee_id, networkId: row.network_id, fullName: row.full_name } : undefined;
    if (payee && !this.registering) this.known.set(payeeId, payee);
    return payee;
  }

  /** Registers a payee; registering the same network id again returns the existing one. */
  register(networkId: string, fullName: string, nowMs: number): Payee {
    // Payees are never changed or removed, so found ones are kept; none are kept while a
    // registration's transaction may still roll back.
    this.registering = true;
    setImmediate(() => {
      this.registering = false;
    });
    if (!/^\d{1,20}$/.test(networkId)) throw paramError('networkId', 'must be a numeric network id of 1 to 20 digits');
    const name = fullName.trim();
    if (name === '' || [...name].length > 64) throw paramError('fullName', 'must be 1 to 64 characters');
    const problem = textProblem(name);
    if (problem) throw paramError('fullName', problem);
    return this.db.transaction(() => {
      const existing = this.byNetworkId.get(networkId) as
        { payee_id: string; network_id: string; full_name: string } | undefined;
      if (existing) return { payeeId: existing.payee_id, networkId: existing.network_id, fullName: existing.full_name };
      const payeeId = this.ids.uuid();
      this.insert.run(payeeId, networkId, name, nowMs);
      return { payeeId, networkId, fullName: name };
    })();
  }
}
