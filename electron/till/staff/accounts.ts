/**
 * Staff accounts in till.db: name, role, scrypt PIN hash, active. This module holds all SQL on the
 * `staff` table (docs/architecture.md, "Persistence and migrations"). The owner made at first run has
 * the id `owner` (so does one carried over from the single owner PIN: migration 6).
 */
import type { Role, StaffAccountView } from '../../../shared/posapi-staff.js';
import type { Db } from '../../platform/db.js';

export interface StaffRow {
  account_id: string;
  name: string;
  role: Role;
  pin_hash: string;
  active: number;
  created_at: number;
  updated_at: number;
}

export const OWNER_ACCOUNT = 'owner';

export class StaffAccounts {
  private readonly insertRow;
  private readonly byId;
  private readonly byName;
  private readonly all;
  private readonly owners;
  private readonly updateRow;

  constructor(readonly db: Db) {
    this.insertRow = db.prepare(
      `INSERT INTO staff (account_id, name, role, pin_hash, active, created_at, updated_at)
       VALUES (@account_id, @name, @role, @pin_hash, @active, @created_at, @updated_at)`,
    );
    this.byId = db.prepare('SELECT * FROM staff WHERE account_id = ?');
    this.byName = db.prepare('SELECT * FROM staff WHERE name = ? COLLATE NOCASE');
    this.all = db.prepare("SELECT * FROM staff ORDER BY role = 'owner' DESC, name COLLATE NOCASE");
    this.owners = db.prepare("SELECT count(*) FROM staff WHERE role = 'owner' AND active = 1").pluck();
    this.updateRow = db.prepare(
      'UPDATE staff SET name = @name, role = @role, pin_hash = @pin_hash, active = @active, updated_at = @updated_at WHERE account_id = @account_id',
    );
  }

  insert(row: StaffRow): void {
    this.insertRow.run(row);
  }

  get(accountId: string): StaffRow | undefined {
    return this.byId.get(accountId) as StaffRow | undefined;
  }

  named(name: string): StaffRow | undefined {
    return this.byName.get(name) as StaffRow | undefined;
  }

  list(): StaffRow[] {
    return this.all.all() as StaffRow[];
  }

  /** Active owner accounts: the till is open to all (first run) until there is one. */
  ownerCount(): number {
    return this.owners.get() as number;
  }

  update(row: StaffRow): void {
    this.updateRow.run(row);
  }
}

export function accountView(row: StaffRow): StaffAccountView {
  return {
    accountId: row.account_id,
    name: row.name,
    role: row.role,
    active: row.active === 1,
    createdAt: row.created_at,
  };
}
