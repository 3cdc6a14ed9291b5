/**
 * The permission table (electron/till/staff/permissions.ts), enforced in the main process over the
 * headless host's HTTP bridge: every protected command is refused for a signed-out till (401
 * signed_out) and for a cashier when the cashier lacks it (403 forbidden, naming what is missing),
 * and gets through for the least role that holds it. A cashier sees only the orders they rang up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_REQUIREMENTS, roleMay, type Requirement } from '../../electron/till/staff/permissions.js';
import type { PosCommand } from '../../shared/posapi.js';
import { USDT } from '../helpers/gateway.js';
import { startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const sale = { quoteAssetId: 'usd', quoteAmount: '4.20', paymentAssetId: USDT, isChain: false };
let managersOrder = '';

/** Arguments each command runs with (valid, harmless); functions make a fresh subject per call. */
const ARGS: Partial<Record<PosCommand, () => unknown | Promise<unknown>>> = {
  'settings.save': () => ({ shopName: 'Corner Café' }),
  'payee.lookup': () => ({ networkId: '7000101' }),
  'assets.payment': () => ({ quoteAssetId: 'usd' }),
  'order.create': () => sale,
  'order.get': () => ({ orderId: managersOrder }),
  'order.refresh': () => ({ orderId: managersOrder }),
  'order.cancel': async () => ({ orderId: (await pos.call('order.create', sale)).orderId }),
  'order.abandon': async () => ({ orderId: (await pos.call('order.create', sale)).orderId }),
  'sandbox.payInFull': () => ({ orderId: managersOrder }),
  'sandbox.payPart': () => ({ orderId: managersOrder, amount: '0.01' }),
  'sandbox.mine': () => ({ network: 'Bitcoin', count: 1 }),
  'sandbox.advanceClock': () => ({ seconds: 1 }),
  'sandbox.advanceToDeadline': () => ({ orderId: managersOrder }),
  'payee.register': () => ({ networkId: '7000199', fullName: 'Test shop' }),
  'owner.order': () => ({ orderId: managersOrder }),
  'owner.review': () => ({ orderId: managersOrder, decision: 'approve', reason: 'checked' }),
  'owner.redeliver': () => ({ orderId: managersOrder, deliveryId: '00000000-0000-4000-8000-000000000000' }),
  'owner.export': () => ({ from: '2026-01-01', to: '2026-01-01' }),
  'owner.saveRails': () => ({ config: { chains: [] } }),
  'staff.signIn': () => ({ accountId: 'owner', pin: PINS.owner }),
  'staff.changePin': () => ({ currentPin: '0000', newPin: '0000' }),
  'staff.add': () => ({ name: `Temp ${Math.random().toString(36).slice(2, 8)}`, role: 'cashier', pin: '4444' }),
  'staff.update': () => ({ accountId: ids.cashier, name: 'Cora Cashier' }),
  'staff.resetPin': () => ({ accountId: ids.manager, newPin: PINS.manager }),
  'staff.setIdleLock': () => ({ minutes: 5 }),
  'audit.export': () => ({ from: '2026-01-01', to: '2026-01-01' }),
  'backup.configure': () => ({
    folder: tempDataDir('pd-perm-usb-'),
    passphrase: 'a passphrase of some length',
    everyHours: 24,
    keep: 2,
  }),
  'backup.restore': () => ({ file: '/nonexistent/backup.pdbackup', passphrase: 'whatever' }),
  'printer.save': () => ({ target: '', columns: 42, drawerAfterCash: false }),
  'receipt.print': () => ({ orderId: managersOrder }),
  'refundSlip.print': () => ({ orderId: managersOrder, refundId: 'rf-none' }),
  'zReport.print': () => ({ number: 1 }),
  'refund.detail': () => ({ orderId: managersOrder }),
  'refund.create': () => ({ orderId: managersOrder, amount: '0.01', destination: crypto.randomUUID(), reason: 'test' }),
  'refund.sent': () => ({ orderId: managersOrder, refundId: crypto.randomUUID(), txid: 'ab'.repeat(32) }),
  'refund.withdraw': () => ({ orderId: managersOrder, refundId: crypto.randomUUID(), reason: 'asked by mistake' }),
  'refund.sandboxSend': () => ({ orderId: managersOrder, refundId: crypto.randomUUID() }),
  'refund.keep': () => ({ orderId: managersOrder, amount: '0.01', reason: 'tip' }),
  'items.save': () => ({
    name: 'Tea',
    price: '2.50',
    category: 'Drinks',
    taxRate: '0',
    sku: '',
    barcode: '',
    colour: '',
  }),
  'items.delete': () => ({ itemId: 'it-00000000' }),
  'items.import': () => ({ csv: 'name,price\r\nScone,3\r\n' }),
  'sales.saveSettings': () => ({ tipsEnabled: false }),
  'sale.checkout': () => ({
    cart: { lines: [{ name: 'Tea', unitPrice: '1', quantity: 1, taxRate: '0' }] },
    card: { amount: '1', reference: 'R1' },
  }),
  'sale.get': () => ({ saleId: 'sl-none' }),
  'sales.export': () => ({ from: '2026-01-01', to: '2026-01-01' }),
  'shop.export': () => ({ day: '2026-01-01' }),
  'shop.closeExport': () => ({ day: '2026-01-01' }),
  'shift.open': () => ({ float: '10' }),
  'shift.cashMove': () => ({ kind: 'in', amount: '1', reason: 'change from the bank' }),
  'shift.close': () => ({ counted: '10' }),
  'shift.report': () => ({ number: 1 }),
  'display.cart': () => ({ cart: null }),
  'display.askTip': () => ({ cart: { lines: [{ name: 'Tea', unitPrice: '1', quantity: 1, taxRate: '0' }] } }),
  'display.tip': () => ({ questionId: 'tq-000000000abc' }),
  'display.endTip': () => ({ questionId: 'tq-000000000abc' }),
};

const commands = Object.keys(COMMAND_REQUIREMENTS) as PosCommand[];
const requirementOf = (command: PosCommand): Requirement => COMMAND_REQUIREMENTS[command];
/** The least role that may run a command. */
function leastRole(requirement: Requirement): 'cashier' | 'manager' | 'owner' {
  if (requirement === 'open' || requirement === 'signedIn') return 'cashier';
  return (['cashier', 'manager', 'owner'] as const).find((role) => roleMay(role, requirement))!;
}
async function signInAs(role: 'cashier' | 'manager' | 'owner'): Promise<void> {
  await pos.signIn(role === 'owner' ? 'owner' : ids[role], PINS[role]);
}

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
  ids = await staffedTill(pos, PINS);
  await signInAs('manager');
  managersOrder = (await pos.call('order.create', sale)).orderId;
}, 60_000);
afterAll(() => host.stop());

describe('the permission table, over the HTTP bridge', () => {
  it('covers every command of the contract, and roles grow: cashier ⊂ manager ⊂ owner', () => {
    expect(commands.length).toBeGreaterThan(30);
    for (const command of commands) {
      const requirement = requirementOf(command);
      if (requirement === 'open' || requirement === 'signedIn') continue;
      if (roleMay('cashier', requirement)) expect(roleMay('manager', requirement)).toBe(true);
      if (roleMay('manager', requirement)) expect(roleMay('owner', requirement)).toBe(true);
    }
    expect(roleMay('cashier', 'setup') || roleMay('manager', 'setup') || roleMay('cashier', 'review')).toBe(false);
  });

  it('a locked till refuses every command that is not open, before looking at its arguments', async () => {
    await pos.call('staff.lock');
    for (const command of commands.filter((c) => requirementOf(c) !== 'open')) {
      const answer = await pos.send(command, {});
      expect(answer.status, command).toBe(401);
      expect(answer.error, command).toMatchObject({ code: 'signed_out' });
    }
    expect((await pos.send('app.info')).ok).toBe(true);
    expect((await pos.send('staff.roster')).result.map((r: any) => r.name)).toEqual([
      'Owner',
      'Cora Cashier',
      'Max Manager',
    ]);
  });

  it.each(commands.filter((c) => !['open', 'signedIn', 'sell'].includes(requirementOf(c))))(
    '%s: refused for a cashier, through for the right role',
    async (command) => {
      const requirement = requirementOf(command);
      await signInAs('cashier');
      const refused = await pos.send(command, await (ARGS[command]?.() ?? {}));
      expect(refused.status).toBe(403);
      expect(refused.error?.code).toBe('forbidden');
      expect(refused.error?.message).toMatch(/^Cora Cashier \(cashier\) may not /);

      const role = leastRole(requirement);
      await signInAs(role);
      const through = await pos.send(command, await (ARGS[command]?.() ?? {}));
      // Through the check: answered, or refused for what it is about (no such delivery; the gateway's
      // own judgement of a rail configuration); never refused for who asks or for its arguments' shape.
      expect(['forbidden', 'signed_out']).not.toContain(through.error?.code);
      if (through.error?.code === 'invalid_args') expect(through.error.field).toBe('config');
    },
  );

  it('the selling commands pass for a cashier; the cashier sees only the orders they rang up', async () => {
    await signInAs('cashier');
    for (const command of commands.filter((c) => requirementOf(c) === 'sell')) {
      const answer = await pos.send(command, await (ARGS[command]?.() ?? {}));
      expect(['forbidden', 'signed_out', 'invalid_args'], command).not.toContain(answer.error?.code);
    }
    const own = await pos.call('order.create', sale);
    expect(own.cashierName).toBe('Cora Cashier');
    expect((await pos.call('order.get', { orderId: own.orderId })).orderId).toBe(own.orderId);
    expect((await pos.send('order.get', { orderId: managersOrder })).error).toMatchObject({ code: 'not_found' });
    const listed = (await pos.call('order.list')).map((o: any) => o.orderId);
    expect(listed).toContain(own.orderId);
    expect(listed).not.toContain(managersOrder);
    await signInAs('manager');
    expect((await pos.call('order.list')).map((o: any) => o.orderId)).toEqual(
      expect.arrayContaining([own.orderId, managersOrder]),
    );
  });

  it('owner-only commands are refused for a manager too', async () => {
    await signInAs('manager');
    for (const command of commands.filter((c) => ['setup', 'staff', 'audit'].includes(requirementOf(c)))) {
      const answer = await pos.send(command, await (ARGS[command]?.() ?? {}));
      expect(answer.error, command).toMatchObject({ code: 'forbidden' });
    }
  });
});
