/**
 * Staff (README, "Staff and roles"): the sign-in pad's names, signing in and out on this connection,
 * PIN changes, and the owner's staff screen. The permission each needs is in staff/permissions.ts.
 */
import type { PosCaller, RosterEntry, StaffAccountView, StaffSession } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';

/** staff.roster: names only, for the sign-in pad. */
export async function staffRoster(till: TillParts): Promise<RosterEntry[]> {
  return till.staff.roster();
}

/** staff.signIn: also switches user; a wrong PIN leaves the connection signed out. */
export async function signIn(
  till: TillParts,
  { accountId, pin }: Args<'staff.signIn'>,
  caller: PosCaller,
): Promise<StaffSession> {
  return till.staff.signIn(caller.connection, accountId, pin);
}

/** staff.session: who is signed in on this connection, if anyone. */
export async function currentSession(till: TillParts, _args: unknown, caller: PosCaller): Promise<StaffSession | null> {
  return till.staff.sessions.view(caller.connection);
}

/** staff.lock: the Lock button (and the renderer's idle timer). */
export async function lockTill(till: TillParts, _args: unknown, caller: PosCaller): Promise<{ locked: true }> {
  till.staff.lock(caller.connection);
  return { locked: true };
}

/** staff.changePin: one's own, with the current one. */
export async function changeOwnPin(
  till: TillParts,
  { currentPin, newPin }: Args<'staff.changePin'>,
  caller: PosCaller,
): Promise<{ changed: true }> {
  till.staff.changePin(caller, currentPin, newPin);
  return { changed: true };
}

/** staff.list */
export async function listStaff(till: TillParts): Promise<StaffAccountView[]> {
  return till.staff.list();
}

/** staff.add */
export async function addStaff(till: TillParts, args: Args<'staff.add'>, caller: PosCaller): Promise<StaffAccountView> {
  return till.staff.add(caller, args);
}

/** staff.update: name, role, retired or not. */
export async function updateStaff(
  till: TillParts,
  args: Args<'staff.update'>,
  caller: PosCaller,
): Promise<StaffAccountView> {
  return till.staff.update(caller, args);
}

/** staff.resetPin: the owner sets someone's PIN without knowing the old one. */
export async function resetPin(
  till: TillParts,
  { accountId, newPin }: Args<'staff.resetPin'>,
  caller: PosCaller,
): Promise<{ changed: true }> {
  till.staff.resetPin(caller, accountId, newPin);
  return { changed: true };
}

/** staff.setIdleLock */
export async function setIdleLock(
  till: TillParts,
  { minutes }: Args<'staff.setIdleLock'>,
  caller: PosCaller,
): Promise<{ idleLockMs: number }> {
  const before = till.settings.stored().idleLockMinutes;
  till.settings.update({ idleLockMinutes: minutes });
  if (before !== minutes)
    till.audit.record(callerActor(caller), 'settings.change', 'settings', {
      before: { idleLockMinutes: before },
      after: { idleLockMinutes: minutes },
    });
  return { idleLockMs: minutes * 60_000 };
}
