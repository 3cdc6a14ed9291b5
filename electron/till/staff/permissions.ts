/**
 * Roles and permissions, in one place (README, "Staff and roles"). Each PosApi command names what it
 * needs: `open` (anyone at the till, signed in or not), `signedIn` (any account), or a permission a
 * role must hold. The dispatcher asks `requirement` before every command (bridge/dispatch.ts), so a
 * new command that is not in this table does not compile, and no handler checks a role itself.
 */
import type { Permission, Role } from '../../../shared/posapi-staff.js';
import type { PosCommand } from '../../../shared/posapi.js';

export type Requirement = 'open' | 'signedIn' | Permission;

const CASHIER: readonly Permission[] = ['sell'];
const MANAGER: readonly Permission[] = [
  ...CASHIER,
  'orders.all',
  'cancel',
  'review',
  'review.decide',
  'export',
  'catalogue',
  'shift',
];
const OWNER: readonly Permission[] = [...MANAGER, 'setup', 'staff', 'audit', 'backup'];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  cashier: CASHIER,
  manager: MANAGER,
  owner: OWNER,
};

export const COMMAND_REQUIREMENTS = {
  'app.info': 'open',
  // Online or not, and what is queued: the offline banner on every screen; no secret.
  'connection.get': 'open',
  // The renderer needs to know whether the till is set up before anyone signs in; it holds no secret.
  'settings.get': 'open',
  'settings.save': 'setup',
  'payee.lookup': 'setup',
  'payee.register': 'setup',
  'assets.quote': 'sell',
  'assets.payment': 'sell',
  'assets.settlement': 'sell',
  'order.create': 'sell',
  'order.get': 'sell',
  'order.list': 'sell',
  'order.refresh': 'sell',
  // A seller gives up their own unpaid sale; the command refuses once money was seen (then it is cancel's).
  'order.abandon': 'sell',
  'order.cancel': 'cancel',
  'sandbox.payInFull': 'sell',
  'sandbox.payPart': 'sell',
  'sandbox.mine': 'sell',
  'sandbox.advanceClock': 'sell',
  'sandbox.advanceToDeadline': 'sell',
  'owner.day': 'review',
  'owner.order': 'review',
  'owner.review': 'review.decide',
  'owner.redeliver': 'review.decide',
  'owner.export': 'export',
  'shop.report': 'review',
  'shop.export': 'export',
  'shop.close': 'review',
  'shop.closeExport': 'export',
  'owner.rails': 'setup',
  'owner.saveRails': 'setup',
  // The chain scanners' health: the Payment screen warns the cashier when a scanner is behind.
  'rails.health': 'sell',
  'owner.prices': 'setup',
  'owner.savePrices': 'setup',
  'staff.roster': 'open',
  'staff.signIn': 'open',
  'staff.session': 'open',
  'staff.lock': 'open',
  'staff.changePin': 'signedIn',
  'staff.list': 'staff',
  'staff.add': 'staff',
  'staff.update': 'staff',
  'staff.resetPin': 'staff',
  'staff.setIdleLock': 'staff',
  'audit.list': 'audit',
  'audit.export': 'audit',
  // Whether backups are overdue: a yes or no for the status bar, nothing of where they are.
  'backup.health': 'open',
  'backup.status': 'backup',
  'backup.configure': 'backup',
  // The whole book, audit log included: the owner's, like backups.
  'backup.exportBook': 'backup',
  'backup.run': 'backup',
  // Refused by the command itself once the till is set up or has orders (first run is open anyway).
  'backup.restore': 'setup',
  // The receipt printer: where it is (Setup), a test page; printing a paid order's receipt is selling.
  'printer.get': 'sell',
  'printer.save': 'setup',
  'printer.test': 'setup',
  'receipt.print': 'sell',
  // Refund slips and Z reports on the receipt printer: whoever reads refunds and Z reports.
  'refundSlip.print': 'review',
  'zReport.print': 'review',
  // Refunds (issue 18): managers and the owner start and track them; the day review reads them.
  'refund.detail': 'review',
  'refund.create': 'cancel',
  'refund.sent': 'cancel',
  'refund.sandboxSend': 'cancel',
  'refund.withdraw': 'cancel',
  'refund.keep': 'cancel',
  'owner.toResolve': 'review',
  // The grid and the cart's tax rules: everyone who sells needs them.
  'items.list': 'sell',
  'sales.settings': 'sell',
  'items.save': 'catalogue',
  'items.delete': 'catalogue',
  'items.export': 'catalogue',
  'items.import': 'catalogue',
  // Tax mode, rounding, tips and the receipt's shop details are Setup (the owner).
  'sales.saveSettings': 'setup',
  // Selling with a cart; a cashier opens only their own sales (the command checks, as for orders).
  'sale.checkout': 'sell',
  'sale.get': 'sell',
  // The cart sales' part of the day review and its CSV, as for orders.
  'sales.day': 'review',
  'sales.export': 'export',
  // Shifts: anyone selling sees the open shift and records cash in or out (with a reason, audited);
  // opening and closing (the count and the Z report) need a manager (`shift`).
  'shift.current': 'sell',
  'shift.cashMove': 'sell',
  'shift.open': 'shift',
  'shift.close': 'shift',
  'shift.report': 'review',
  // The customer display: the cart being rung up and the tip question are part of selling.
  'display.cart': 'sell',
  'display.askTip': 'sell',
  'display.tip': 'sell',
  'display.endTip': 'sell',
} as const satisfies Record<PosCommand, Requirement>;

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Words for a refusal: what the permission lets one do. */
export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  sell: 'sell',
  'orders.all': "see other cashiers' orders",
  cancel: 'cancel a payment',
  review: 'open the day review',
  'review.decide': 'decide on payments under review',
  export: 'export',
  setup: 'change Setup',
  staff: 'manage staff',
  audit: 'see the audit log',
  backup: 'manage backups',
  catalogue: 'edit the catalogue',
  shift: 'open or close a shift',
};
