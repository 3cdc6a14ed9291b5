/**
 * Staff (README, "Staff and roles"): the owner adds accounts with a name, a role and a personal PIN;
 * anyone signs in with their own PIN (which also switches user); wrong PINs count per account toward
 * the lockout (owner/pin-guard.ts); one's own PIN changes only with the current one, the owner resets
 * others'. Every step worth knowing goes to the audit log; PINs are scrypt-hashed and never logged.
 */
import { PosError } from '../../../shared/posapi.js';
import type { PosCaller, Role, RosterEntry, StaffAccountView, StaffSession } from '../../../shared/posapi-staff.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import type { AuditActor, AuditLog } from '../audit/log.js';
import { hashPin, lockoutParts, lockoutWords, PinGuard, type PinCheck } from '../owner/pin-guard.js';
import { accountView, OWNER_ACCOUNT, StaffAccounts, type StaffRow } from './accounts.js';
import { Sessions, sessionView } from './sessions.js';
import type { ErrorKey } from '../../../shared/i18n/errors-en.js';
import { posError } from '../../../shared/pos-error.js';

export interface StaffDeps {
  db: Db;
  clock: Clock;
  ids: IdSource;
  audit: AuditLog;
  idleLockMs: () => number;
}

const actorOf = (row: StaffRow): AuditActor => ({ accountId: row.account_id, name: row.name });

export function callerActor(caller: PosCaller): AuditActor | null {
  return caller.account && { accountId: caller.account.accountId, name: caller.account.name };
}

export class StaffArea {
  readonly accounts: StaffAccounts;
  readonly sessions: Sessions;
  private readonly pins: PinGuard;

  constructor(private readonly deps: StaffDeps) {
    this.accounts = new StaffAccounts(deps.db);
    this.pins = new PinGuard(deps.db, deps.clock);
    this.sessions = new Sessions({
      accounts: this.accounts,
      audit: deps.audit,
      clock: deps.clock,
      idleLockMs: deps.idleLockMs,
    });
  }

  roster(): RosterEntry[] {
    return this.accounts
      .list()
      .filter((row) => row.active === 1)
      .map((row) => ({ accountId: row.account_id, name: row.name, role: row.role }));
  }

  list(): StaffAccountView[] {
    return this.accounts.list().map(accountView);
  }

  private activeAccount(accountId: string, field = 'accountId'): StaffRow {
    const row = this.accounts.get(accountId);
    if (!row || row.active !== 1) throw posError('active_account_not_found', { accountId }, field);
    return row;
  }

  /** Checks an account's PIN (counted toward its lockout); a refusal is logged and thrown. */
  private checkPin(row: StaffRow, pin: string, field: string, action: string): void {
    const check = this.pins.check(row.account_id, pin, row.pin_hash);
    if (check.outcome === 'ok') return;
    this.deps.audit.record(actorOf(row), action, row.account_id, refusalDetail(check));
    throw pinRefusal(row, check, field);
  }

  signIn(connection: string, accountId: string, pin: string): StaffSession {
    const row = this.activeAccount(accountId);
    const before = this.sessions.end(connection);
    this.checkPin(row, pin, 'pin', 'signin.failed');
    this.sessions.start(connection, row.account_id);
    this.deps.audit.record(actorOf(row), 'signin', row.account_id, before ? { switchedFrom: before.name } : {});
    return sessionView(row, this.deps.idleLockMs());
  }

  lock(connection: string): void {
    const row = this.sessions.end(connection);
    if (row) this.deps.audit.record(actorOf(row), 'lock', row.account_id);
  }

  /**
   * A connection that is gone (the host dropped its page token: evicted, replaced or expired): the
   * session it carried ends, and the audit log says so with the reason (`lock.page`).
   */
  endConnection(connection: string, reason: string): void {
    const row = this.sessions.forget(connection);
    if (row) this.deps.audit.record(actorOf(row), 'lock.page', row.account_id, { reason });
  }

  /**
   * First run: Setup makes the owner account, named in the till's language (`name`), and the connection
   * that made it is signed in as it.
   */
  createOwner(connection: string, pin: string, name = 'Owner'): void {
    const now = this.deps.clock.now();
    const row: StaffRow = {
      account_id: OWNER_ACCOUNT,
      name,
      role: 'owner',
      pin_hash: hashPin(pin),
      active: 1,
      created_at: now,
      updated_at: now,
    };
    this.deps.db.transaction(() => {
      if (this.accounts.get(OWNER_ACCOUNT)) this.accounts.update(row);
      else this.accounts.insert(row);
      this.deps.audit.record(actorOf(row), 'staff.add', OWNER_ACCOUNT, { name: row.name, role: row.role });
    })();
    this.sessions.start(connection, OWNER_ACCOUNT);
  }

  /** One's own PIN: the current one first (wrong ones count toward the lockout). */
  changePin(caller: PosCaller, currentPin: string, newPin: string, field = 'currentPin'): void {
    this.checkOwnPin(caller, currentPin, field);
    this.writeOwnPin(caller, newPin);
  }

  /** The caller's current PIN, asked again before a change; wrong ones count toward the lockout. */
  checkOwnPin(caller: PosCaller, currentPin: string | undefined, field = 'currentPin'): void {
    if (!caller.account) throw posError('sign_in_to_change_pin');
    if (currentPin === undefined) throw posError('current_pin_needed', {}, field);
    this.checkPin(this.activeAccount(caller.account.accountId), currentPin, field, 'pin.change.failed');
  }

  /**
   * The caller confirms a weighty action with their own PIN (a cancel after money was seen); wrong ones
   * count toward the account's lockout. A till without accounts yet (first run) has no PIN to ask.
   */
  confirmWithPin(caller: PosCaller, pin: string | undefined, message: ErrorKey): void {
    if (this.roster().length === 0) return;
    if (!caller.account) throw posError('sign_in_first');
    if (!pin) throw posError(message, {}, 'pin');
    this.checkPin(this.activeAccount(caller.account.accountId), pin, 'pin', 'confirm.failed');
  }

  /**
   * A manager (or the owner) approves what a seller may not do alone (a discount above the shop's
   * limit) with their own PIN, typed at this till; wrong PINs count toward that account's lockout.
   * Answers the approver.
   */
  approveWithPin(accountId: string, pin: string, field = 'approval'): AuditActor {
    const row = this.activeAccount(accountId, `${field}.accountId`);
    if (row.role !== 'manager' && row.role !== 'owner')
      throw posError('approver_not_manager', {}, `${field}.accountId`);
    this.checkPin(row, pin, `${field}.pin`, 'approval.failed');
    return actorOf(row);
  }

  writeOwnPin(caller: PosCaller, newPin: string): void {
    if (!caller.account) throw posError('sign_in_to_change_pin');
    const row = this.activeAccount(caller.account.accountId);
    this.deps.db.transaction(() => {
      this.accounts.update({ ...row, pin_hash: hashPin(newPin), updated_at: this.deps.clock.now() });
      this.deps.audit.record(actorOf(row), 'pin.change', row.account_id);
    })();
  }

  /** The owner sets another account's PIN; that account's sessions end. */
  resetPin(caller: PosCaller, accountId: string, newPin: string): void {
    const row = this.activeAccount(accountId);
    this.deps.db.transaction(() => {
      this.accounts.update({ ...row, pin_hash: hashPin(newPin), updated_at: this.deps.clock.now() });
      this.deps.audit.record(callerActor(caller), 'pin.reset', row.account_id, { name: row.name });
    })();
    if (accountId !== caller.account?.accountId) this.sessions.endAccount(accountId);
  }

  add(caller: PosCaller, args: { name: string; role: Role; pin: string }): StaffAccountView {
    if (this.accounts.named(args.name)) throw posError('account_name_taken', { name: args.name ?? '' }, 'name');
    const now = this.deps.clock.now();
    const row: StaffRow = {
      account_id: `st-${this.deps.ids.token(8).toLowerCase()}`,
      name: args.name,
      role: args.role,
      pin_hash: hashPin(args.pin),
      active: 1,
      created_at: now,
      updated_at: now,
    };
    this.deps.db.transaction(() => {
      this.accounts.insert(row);
      this.deps.audit.record(callerActor(caller), 'staff.add', row.account_id, { name: row.name, role: row.role });
    })();
    return accountView(row);
  }

  update(
    caller: PosCaller,
    args: { accountId: string; name?: string; role?: Role; active?: boolean },
  ): StaffAccountView {
    const row = this.accounts.get(args.accountId);
    if (!row) throw posError('account_not_found', { accountId: args.accountId }, 'accountId');
    const named = args.name === undefined ? undefined : this.accounts.named(args.name);
    if (named && named.account_id !== row.account_id)
      throw posError('account_name_taken', { name: args.name ?? '' }, 'name');
    const next: StaffRow = {
      ...row,
      name: args.name ?? row.name,
      role: args.role ?? row.role,
      active: args.active === undefined ? row.active : args.active ? 1 : 0,
      updated_at: this.deps.clock.now(),
    };
    this.keepAnOwner(row, next);
    const before = { name: row.name, role: row.role, active: row.active === 1 };
    const after = { name: next.name, role: next.role, active: next.active === 1 };
    this.deps.db.transaction(() => {
      this.accounts.update(next);
      this.deps.audit.record(callerActor(caller), 'staff.update', row.account_id, { before, after });
    })();
    if (next.active !== 1) this.sessions.endAccount(row.account_id);
    return accountView(next);
  }

  /** The last active owner can neither be demoted nor retired: the till would have no one for Setup. */
  private keepAnOwner(row: StaffRow, next: StaffRow): void {
    const wasOwner = row.role === 'owner' && row.active === 1;
    const staysOwner = next.role === 'owner' && next.active === 1;
    if (wasOwner && !staysOwner && this.accounts.ownerCount() <= 1)
      throw posError('last_owner', {}, next.active ? 'role' : 'active');
  }
}

function refusalDetail(check: Exclude<PinCheck, { outcome: 'ok' }>): Record<string, unknown> {
  if (check.outcome === 'wrong') return { reason: 'wrong PIN' };
  // The PIN that locks the account was still typed and wrong: logged as such, not as a try while locked.
  return check.justNow
    ? { reason: 'wrong PIN', lockedNow: true, lockedForMs: check.forMs }
    : { reason: 'locked', lockedForMs: check.forMs };
}

function pinRefusal(row: StaffRow, check: Exclude<PinCheck, { outcome: 'ok' }>, field: string): PosError {
  if (check.outcome === 'wrong') return posError('wrong_pin', {}, field);
  const wait = lockoutWords(check.forMs);
  const params = { name: row.name, wait, ...lockoutParts(check.forMs) };
  return posError(check.justNow ? 'locked_now' : 'locked_still', params, field);
}
