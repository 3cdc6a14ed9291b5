/**
 * Refunds at the till over the PosApi (issue 18): a chain payment cancelled while confirming shows its
 * transaction and its money to resolve; a manager refunds it with a reason, the sandbox's simulated
 * wallet pays, blocks confirm it; the day review shows takings net of refunds; the CSV has the refund's
 * own row linked to the order; the audit log has the request; a cashier may not refund.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../electron/till/owner/csv.js';
import { BTC, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;
const DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
  await call('staff.add', { name: 'Cora Cashier', role: 'cashier', pin: '1111' });
  await call('staff.signIn', { accountId: 'owner', pin: '2468' });
});
afterAll(() => gw.close());

describe('refunds at the till', () => {
  it('money seen on a cancelled order is refunded in the sandbox, netted in the day review, in the CSV and audit log', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '30',
      paymentAssetId: BTC,
      isChain: true,
    });
    await call('sandbox.payInFull', { orderId: order.orderId });
    await call('sandbox.mine', { network: 'Bitcoin', count: 1 });
    await call('order.cancel', { orderId: order.orderId, pin: '2468' });
    const detail = await call('owner.order', { orderId: order.orderId });
    expect(detail.order.status).toBe('failed');
    expect(detail.transactions).toHaveLength(1);

    const open = await call('owner.toResolve');
    const mine = open.find((i: any) => i.tillOrderId === order.orderId);
    expect(mine.items[0]).toMatchObject({ reason: 'failed_order', assetId: BTC });
    const paid = mine.toResolve[0].amount as string;

    const asked = await call('refund.create', {
      orderId: order.orderId,
      amount: paid,
      destination: DESTINATION,
      reason: 'customer changed their mind',
    });
    expect(asked.resolve.toResolve).toEqual([]);
    expect(asked.refunds).toHaveLength(1);
    const refund = asked.refunds[0];
    expect(refund).toMatchObject({ status: 'to_send', amount: paid, quoteAtOriginalRate: '30' });
    expect(refund.payoutUri).toBe(
      `bitcoin:${DESTINATION}?amount=${paid}&message=${encodeURIComponent(`Refund ${refund.refundId} of order ${refund.orderId}`)}`,
    );

    const sent = await call('refund.sandboxSend', { orderId: order.orderId, refundId: refund.refundId });
    expect(sent.refunds[0].status).toBe('sent');
    await call('sandbox.mine', { network: 'Bitcoin', count: 2 });
    await expect
      .poll(async () => (await call('refund.detail', { orderId: order.orderId })).refunds[0].status, { timeout: 5000 })
      .toBe('confirmed');

    // A paid order refunded in part: takings are shown net of it.
    const sale = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payInFull', { orderId: sale.orderId });
    await call('sandbox.advanceClock', { seconds: 600 });
    await expect
      .poll(async () => (await call('order.get', { orderId: sale.orderId })).status, { timeout: 5000 })
      .toBe('success');
    await call('refund.create', {
      orderId: sale.orderId,
      amount: '5',
      amountIn: 'quote_original',
      destination: crypto.randomUUID(),
      reason: 'one item returned',
    });
    const day = await call('owner.day');
    const usd = day.refunds.perQuote.find((q: any) => q.quoteAssetId === 'usd');
    expect(usd).toMatchObject({ takings: '20', refundedFromTakings: '5', net: '15', returnedNotTakings: '30' });
    expect(day.refunds.items.map((r: any) => r.orderId)).toEqual([order.orderId, sale.orderId]);

    const file = await call('owner.export', { from: day.day, to: day.day });
    const rows: string[][] = parse(file.csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const refundRows = rows.slice(1).filter((r) => r[3]!.startsWith('refund_'));
    expect(refundRows.map((r) => [r[0], r[3], r[4], r[CSV_COLUMNS.indexOf('refund_id')]])).toEqual([
      [order.orderId, 'refund_confirmed', '-30', refund.refundId],
      [sale.orderId, 'refund_to_send', '-5', expect.any(String)],
    ]);

    const audit = await call('audit.list', { action: 'refund.request' });
    expect(audit.entries.map((e: any) => e.subject)).toEqual(expect.arrayContaining([order.orderId, sale.orderId]));
  });

  it('the shop keeps an overpayment with a reason; it leaves the money to resolve, in the audit log', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '7' });
    const before = await call('refund.detail', { orderId: order.orderId });
    expect(before.resolve.toResolve).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '2' }]);
    const after = await call('refund.keep', { orderId: order.orderId, amount: '2', assetId: USDT, reason: 'a tip' });
    expect(after.resolve.toResolve).toEqual([]);
    expect(after.resolve.kept).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '2' }]);
    expect(after.refunds).toEqual([]);
    expect((await call('owner.toResolve')).map((i: any) => i.tillOrderId)).not.toContain(order.orderId);
    const audit = await call('audit.list', { action: 'money.kept' });
    expect(audit.entries.map((e: any) => e.subject)).toContain(order.orderId);
  });

  it('a refund asked by mistake is withdrawn with a reason: the money is to resolve again, the day and audit say so', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '8',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '10' });
    const asked = await call('refund.create', {
      orderId: order.orderId,
      amount: '2',
      destination: crypto.randomUUID(),
      reason: 'overpaid',
    });
    expect(asked.resolve.toResolve).toEqual([]);
    const refundId = asked.refunds[0].refundId as string;
    await expect(call('refund.withdraw', { orderId: order.orderId, refundId, reason: ' ' })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'reason',
    });
    const after = await call('refund.withdraw', { orderId: order.orderId, refundId, reason: 'wrong wallet id' });
    expect(after.refunds[0]).toMatchObject({ status: 'withdrawn', withdrawnReason: 'wrong wallet id' });
    expect(after.resolve.toResolve).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '2' }]);
    const day = await call('owner.day');
    expect(day.refunds.items.find((r: any) => r.refundId === refundId)?.status).toBe('withdrawn');
    const audit = await call('audit.list', { action: 'refund.withdraw' });
    expect(audit.entries[0]).toMatchObject({ subject: order.orderId });
    expect(JSON.stringify(audit.entries[0])).toContain('wrong wallet id');
  });

  it('a cashier may not start a refund', async () => {
    const roster = await call('staff.roster');
    const cashier = roster.find((s: any) => s.role === 'cashier');
    await call('staff.signIn', { accountId: cashier.accountId, pin: '1111' });
    await expect(
      call('refund.create', { orderId: 'whatever-1', amount: '1', destination: DESTINATION, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      call('refund.withdraw', { orderId: 'whatever-1', refundId: crypto.randomUUID(), reason: 'x' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await call('staff.signIn', { accountId: 'owner', pin: '2468' });
  });
});
