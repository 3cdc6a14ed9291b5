/**
 * The PosApi's staff and audit commands (README, "Staff and roles", "Audit log"): accounts, sign-in
 * per connection, PIN changes, the idle lock, and the owner's audit log. Spread into the contract in
 * posapi.ts; the permission each command needs is in electron/till/staff/permissions.ts (one table).
 */
import { z } from 'zod';
import { plainText } from './plain-text.js';

export const RoleSchema = z.enum(['cashier', 'manager', 'owner']);
/** cashier: sells; manager: also cancels, reviews, exports; owner: also Setup, staff, the audit log. */
export type Role = z.infer<typeof RoleSchema>;

/** What a role may do; the main process checks one per command (electron/till/staff/permissions.ts). */
export type Permission =
  /** Ring up, see and reopen one's own orders, reprint receipts, the sandbox payer. */
  | 'sell'
  /** See every cashier's orders, not only one's own. */
  | 'orders.all'
  | 'cancel'
  /** The day review and a payment's detail. */
  | 'review'
  /** Approve or reject a payment under review; redeliver a callback. */
  | 'review.decide'
  | 'export'
  /** Setup: payee, gateway, settlement, rails, settings. */
  | 'setup'
  /** Add staff, change roles, reset others' PINs, the idle lock. */
  | 'staff'
  | 'audit'
  /** Backups: where and how often, back up now (a backup holds the whole book). */
  | 'backup'
  /** Add, edit, delete, import and export catalogue items. */
  | 'catalogue'
  /** Open a shift with its float, close it by counting the drawer (the Z report). */
  | 'shift';

/** Who calls a command: the connection (the IPC window or the host's token) and its signed-in account. */
export interface PosCaller {
  connection: string;
  account: { accountId: string; name: string; role: Role } | null;
}

export interface StaffSession {
  accountId: string;
  name: string;
  role: Role;
  permissions: Permission[];
  /** The till locks after this long without use (Setup: staff.setIdleLock). */
  idleLockMs: number;
}

/** Who may sign in: names for the sign-in pad (never a PIN or its hash). */
export interface RosterEntry {
  accountId: string;
  name: string;
  role: Role;
}

export interface StaffAccountView extends RosterEntry {
  active: boolean;
  createdAt: number;
}

export interface AuditEntryView {
  seq: number;
  at: number;
  actorId: string;
  actorName: string;
  action: string;
  subject: string;
  /** JSON text: before and after, reasons. */
  detail: string;
}

/** The hash chain's verdict: `ok`, or the first row that does not hold and why. */
export interface AuditChainCheck {
  ok: boolean;
  rows: number;
  /** The first row found edited, or after a deleted one; 0 when ok. */
  brokenAt: number;
  problem: string;
}

export interface AuditView {
  entries: AuditEntryView[];
  matching: number;
  page: number;
  pageSize: number;
  chain: AuditChainCheck;
  /** The actions found in the log, for the filter. */
  actions: string[];
}

const pin = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
const accountId = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{2,40}$/, 'must be an account id');
// A name is shown on receipts and screens: printable text, no control or direction characters.
const staffName = plainText(40).pipe(z.string().min(1, 'must not be empty'));
const dayArg = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

export const staffArgSchemas = {
  'staff.roster': z.object({}).strict(),
  /** Signs this connection in (switching user in one step); five wrong PINs lock the account. */
  'staff.signIn': z.object({ accountId, pin }).strict(),
  'staff.session': z.object({}).strict(),
  'staff.lock': z.object({}).strict(),
  'staff.changePin': z.object({ currentPin: pin, newPin: pin }).strict(),
  'staff.list': z.object({}).strict(),
  'staff.add': z.object({ name: staffName, role: RoleSchema, pin }).strict(),
  'staff.update': z
    .object({ accountId, name: staffName.optional(), role: RoleSchema.optional(), active: z.boolean().optional() })
    .strict(),
  'staff.resetPin': z.object({ accountId, newPin: pin }).strict(),
  'staff.setIdleLock': z.object({ minutes: z.number().int().min(1).max(240) }).strict(),
  'audit.list': z
    .object({
      from: dayArg.optional(),
      to: dayArg.optional(),
      action: z.string().trim().max(40).optional(),
      actorId: z.string().trim().max(40).optional(),
      page: z.number().int().min(0).max(100_000).optional(),
    })
    .strict(),
  'audit.export': z.object({ from: dayArg, to: dayArg }).strict(),
} as const;

export interface StaffResults {
  'staff.roster': RosterEntry[];
  'staff.signIn': StaffSession;
  'staff.session': StaffSession | null;
  'staff.lock': { locked: true };
  'staff.changePin': { changed: true };
  'staff.list': StaffAccountView[];
  'staff.add': StaffAccountView;
  'staff.update': StaffAccountView;
  'staff.resetPin': { changed: true };
  'staff.setIdleLock': { idleLockMs: number };
  'audit.list': AuditView;
  'audit.export': { filename: string; csv: string; rows: number };
}
