/**
 * Who is signed in on each PosApi connection (the Electron window, the headless host's token), and the
 * one permission check every command goes through (bridge/dispatch.ts asks `authorize` before a
 * handler runs). A session ends with the Lock button, a switch of user, or after the idle lock's time
 * without a command (on the till's clock). Until the first owner account exists (first run, or a till
 * from before staff accounts that never set an owner PIN), the till is open, as it always was, so Setup
 * can make the owner; from then on every command but the `open` ones needs a session.
 */
import { type PosCommand } from '../../../shared/posapi.js';
import type { PosCaller, StaffSession } from '../../../shared/posapi-staff.js';
import type { Clock } from '../../platform/clock.js';
import type { AuditLog } from '../audit/log.js';
import type { StaffAccounts, StaffRow } from './accounts.js';
import { COMMAND_REQUIREMENTS, PERMISSION_WORDS, permissionsOf, roleMay } from './permissions.js';
import { posError } from '../../../shared/pos-error.js';

interface Session {
  accountId: string;
  lastUsedAt: number;
}

export interface SessionDeps {
  accounts: StaffAccounts;
  audit: AuditLog;
  clock: Clock;
  idleLockMs: () => number;
}

export class Sessions {
  private readonly byConnection = new Map<string, Session>();

  constructor(private readonly deps: SessionDeps) {}

  /** The connection's account, if its session still stands (active account, not idle too long). */
  current(connection: string): StaffRow | undefined {
    const session = this.byConnection.get(connection);
    if (!session) return undefined;
    const row = this.deps.accounts.get(session.accountId);
    if (!row || row.active !== 1) {
      this.byConnection.delete(connection);
      return undefined;
    }
    if (this.deps.clock.now() - session.lastUsedAt > this.deps.idleLockMs()) {
      this.byConnection.delete(connection);
      this.deps.audit.record({ accountId: row.account_id, name: row.name }, 'lock.idle', row.account_id);
      return undefined;
    }
    return row;
  }

  start(connection: string, accountId: string): void {
    this.byConnection.set(connection, { accountId, lastUsedAt: this.deps.clock.now() });
  }

  end(connection: string): StaffRow | undefined {
    const row = this.current(connection);
    this.byConnection.delete(connection);
    return row;
  }

  /**
   * The connection is gone (its page token was dropped): its session ends whatever its state, without the
   * idle lock's audit line (the caller records why). Answers the account it held, if any.
   */
  forget(connection: string): StaffRow | undefined {
    const session = this.byConnection.get(connection);
    if (!session) return undefined;
    this.byConnection.delete(connection);
    return this.deps.accounts.get(session.accountId);
  }

  /** Every session of an account ends (its PIN was reset, or it was retired). */
  endAccount(accountId: string): void {
    for (const [connection, session] of this.byConnection)
      if (session.accountId === accountId) this.byConnection.delete(connection);
  }

  view(connection: string): StaffSession | null {
    const row = this.current(connection);
    return row ? sessionView(row, this.deps.idleLockMs()) : null;
  }

  /**
   * Whether the connection may hear orders' news now: someone who may sell is signed in on it (or no
   * owner exists yet). Unlike `authorize` it neither ends an idle session nor counts as use: a
   * payment screen waits for its news without commands, and news is not someone at the till.
   */
  mayHearOrders(connection: string): boolean {
    if (this.deps.accounts.ownerCount() === 0) return true;
    const session = this.byConnection.get(connection);
    const row = session ? this.deps.accounts.get(session.accountId) : undefined;
    return row !== undefined && row.active === 1 && roleMay(row.role, 'sell');
  }

  /** The central check: refuses a command the connection's account may not run, else answers the caller. */
  authorize(command: PosCommand, connection: string): PosCaller {
    const requirement = COMMAND_REQUIREMENTS[command];
    const row = this.current(connection);
    const caller: PosCaller = {
      connection,
      account: row ? { accountId: row.account_id, name: row.name, role: row.role } : null,
    };
    if (requirement === 'open' || this.deps.accounts.ownerCount() === 0) return caller;
    if (!row) throw posError('locked_sign_in');
    if (requirement !== 'signedIn' && !roleMay(row.role, requirement))
      throw posError('may_not', {
        name: row.name,
        role: row.role,
        action: PERMISSION_WORDS[requirement],
        permission: requirement,
      });
    this.byConnection.get(connection)!.lastUsedAt = this.deps.clock.now();
    return caller;
  }
}

export function sessionView(row: StaffRow, idleLockMs: number): StaffSession {
  return {
    accountId: row.account_id,
    name: row.name,
    role: row.role,
    permissions: permissionsOf(row.role),
    idleLockMs,
  };
}
