/**
 * Refunds and money to resolve over real HTTP (docs/api.md, "Refunds", "Money to resolve"): a chain
 * payment cancelled while confirming keeps its transaction and shows as money to resolve; partial
 * and full refunds; the total never exceeds what was received; destinations checked per network;
 * quote-currency amounts at the original and today's rate; listing; the sandbox wallet paying and
 * the chain confirming; `refund` callbacks in the outbox; the merchant key.
 */
import { createBase58check } from '@scure/base';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { BTC, ETH, SHOP, setFixedPrices, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let seq = 0;
const orderId = (): string => `ref-${(++seq).toString().padStart(6, '0')}`;
const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()));
/** A real base58check address with `version` (Dogecoin 0x1e, Tron 0x41, Bitcoin 0x00). */
const legacyAddress = (version: number): string => base58check.encode(new Uint8Array([version, ...randomBytes(20)]));
// BIP-173 test vector (P2WPKH) and the same with its last character changed.
const BECH32_OK = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BECH32_TYPO = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const EVM_OK = '0x52908400098527886E0F7030069857D2E4169EE7';
const EVM_TYPO = '0x52908400098527886E0F7030069857D2E4169Ee7';

beforeAll(async () => {
  gw = await startGateway({ clock: new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0)) });
});
afterAll(() => gw.close());

async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, key = true) {
  const response = await fetch(`${gw.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${gw.merchantKey}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}
async function ok(answer: Promise<{ body: any }>): Promise<any> {
  const { body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}
async function refused(answer: Promise<{ status: number; body: any }>, code: number, mentions: string) {
  const { status, body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(false);
  expect(body.code).toBe(code);
  expect(body.message).toContain(mentions);
  return status;
}
const mine = (network: string, count: number) => ok(call('POST', '/v1/sandbox/blocks', { network, count }, false));
const refund = (body: Record<string, unknown>) => call('POST', '/v1/refunds', body);
const resolve = (traceId: string) => ok(call('GET', `/v1/payments/resolve?traceId=${traceId}`));
const refundOf = (id: string) => ok(call('GET', `/v1/refunds/${id}`));

/** A Bitcoin payment of 0.001 BTC, paid in full, 1 block mined (confirming), then cancelled. */
async function cancelledWhileConfirming(extra: Record<string, unknown> = {}) {
  const payment = await ok(
    call('POST', '/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      paymentAmount: '0.001',
      paymentAssetId: BTC,
      isChain: true,
      ...extra,
    }),
  );
  await ok(
    call('POST', '/v1/sandbox/deposits', { destination: payment.destination, asset: BTC, amount: '0.001' }, false),
  );
  await mine('Bitcoin', 1);
  const cancelled = await ok(call('POST', '/v1/payments/cancel', { traceId: payment.traceId }));
  expect(cancelled).toMatchObject({ status: 'failed', failureCode: '40032' });
  await mine('Bitcoin', 2);
  return payment;
}

describe('money to resolve', () => {
  it('a payment cancelled while confirming keeps its transaction and shows what to refund', async () => {
    const payment = await cancelledWhileConfirming();
    const result = await ok(
      call('GET', `/v1/payments_result?traceId=${payment.traceId}&with=transactions,payment`, undefined, false),
    );
    expect(result.status).toBe('failed');
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({ paymentAmount: '0.001', paymentAssetId: BTC });
    const view = await resolve(payment.traceId);
    expect(view.items).toEqual([{ assetId: BTC, symbol: 'BTC', amount: '0.001', reason: 'failed_order' }]);
    expect(view.toResolve).toEqual([{ assetId: BTC, symbol: 'BTC', amount: '0.001' }]);
    const open = await ok(call('GET', '/v1/merchant/to_resolve'));
    expect(open.map((v: any) => v.traceId)).toContain(payment.traceId);
  });

  it('surplus and late money of a paid order are to resolve; what was due is kept', async () => {
    const payment = await ok(
      call('POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: '10',
        paymentAssetId: USDT,
      }),
    );
    const transfer = (amount: string) =>
      ok(
        call(
          'POST',
          '/v1/sandbox/transfers',
          { recipient: payment.recipient, asset: USDT, amount, trace: randomUUID(), memo: payment.memo },
          false,
        ),
      );
    await transfer('12');
    await transfer('3');
    const view = await resolve(payment.traceId);
    expect(view.items).toEqual([
      { assetId: USDT, symbol: 'USDT', amount: '2', reason: 'surplus' },
      { assetId: USDT, symbol: 'USDT', amount: '3', reason: 'late' },
    ]);
    expect(view.refundable).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '15' }]);

    // The shop keeps the late 3 (a tip, say) and refunds the 2 overpaid: nothing is left to resolve.
    await refused(
      call('POST', '/v1/payments/keep', { traceId: payment.traceId, amount: '5.01', reason: 'tip' }),
      10011,
      'amount: 5.01 USDT is more than what is left to resolve of this payment: 5 USDT',
    );
    await refused(call('POST', '/v1/payments/keep', { traceId: payment.traceId, amount: '3' }), 10011, 'reason');
    const kept = await ok(call('POST', '/v1/payments/keep', { traceId: payment.traceId, amount: '3', reason: 'tip' }));
    expect(kept.kept).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '3' }]);
    expect(kept.toResolve).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '2' }]);
    await ok(refund({ traceId: payment.traceId, amount: '2', destination: randomUUID(), reason: 'overpaid' }));
    const after = await resolve(payment.traceId);
    expect(after.toResolve).toEqual([]);
    expect(after.refundable).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '13' }]);
    const open = await ok(call('GET', '/v1/merchant/to_resolve'));
    expect(open.map((v: any) => v.traceId)).not.toContain(payment.traceId);
    expect(await ok(call('GET', `/v1/refunds?traceId=${payment.traceId}`))).toHaveLength(1);
  });

  it('a refund of a whole overpaid order covers its surplus and more: nothing left, and the list still answers', async () => {
    const payment = await ok(
      call('POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: '10',
        paymentAssetId: USDT,
      }),
    );
    for (const amount of ['4', '9'])
      await ok(
        call(
          'POST',
          '/v1/sandbox/transfers',
          { recipient: payment.recipient, asset: USDT, amount, trace: randomUUID(), memo: payment.memo },
          false,
        ),
      );
    expect((await resolve(payment.traceId)).toResolve).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '3' }]);
    // Everything the payer sent goes back: the 3 overpaid and the 10 of the order itself.
    await ok(refund({ traceId: payment.traceId, amount: '13', destination: randomUUID(), reason: 'whole order' }));
    const after = await resolve(payment.traceId);
    expect(after.toResolve).toEqual([]);
    expect(after.refundable).toEqual([]);
    expect(after.refunded).toEqual([{ assetId: USDT, symbol: 'USDT', amount: '13' }]);
    const open = await ok(call('GET', '/v1/merchant/to_resolve'));
    expect(open.map((v: any) => v.traceId)).not.toContain(payment.traceId);
    await refused(
      call('POST', '/v1/payments/keep', { traceId: payment.traceId, amount: '1', reason: 'tip' }),
      10011,
      'amount: 1 USDT is more than what is left to resolve of this payment: 0 USDT',
    );
  });

  it('needs the merchant key', async () => {
    await refused(call('GET', '/v1/merchant/to_resolve', undefined, false), 2000, 'merchant key');
    await refused(call('POST', '/v1/refunds', { traceId: randomUUID() }, false), 2000, 'merchant key');
    await refused(call('GET', `/v1/refunds/${randomUUID()}`, undefined, false), 2000, 'merchant key');
  });
});

describe('refunds', () => {
  it('partial then full; one unit more is refused; the sandbox wallet pays and blocks confirm', async () => {
    const payment = await cancelledWhileConfirming();
    const first = await ok(
      refund({ traceId: payment.traceId, amount: '0.0004', destination: BECH32_OK, reason: 'order cancelled' }),
    );
    expect(first).toMatchObject({ status: 'to_send', amount: '0.0004', assetId: BTC, symbol: 'BTC', isChain: true });
    // BIP21's message names the refund and its order in the owner's wallet history.
    expect(first.payoutUri).toBe(
      `bitcoin:${BECH32_OK}?amount=0.0004&message=${encodeURIComponent(`Refund ${first.refundId} of order ${payment.orderId}`)}`,
    );
    const second = await ok(
      refund({ traceId: payment.traceId, amount: '0.0006', destination: BECH32_OK, reason: 'rest of it' }),
    );
    const status = await refused(
      refund({ traceId: payment.traceId, amount: '0.00000001', destination: BECH32_OK, reason: 'one more' }),
      10210,
      'never exceeds what was received',
    );
    expect(status).toBe(409);
    expect((await resolve(payment.traceId)).toResolve).toEqual([]);

    const list = await ok(call('GET', `/v1/refunds?traceId=${payment.traceId}`));
    expect(list.map((r: any) => r.refundId)).toEqual([first.refundId, second.refundId]);

    const sent = await ok(call('POST', `/v1/sandbox/refunds/${first.refundId}/send`, {}, false));
    expect(sent.status).toBe('sent');
    expect(sent.txid).toMatch(/^0x[0-9a-f]{64}$/);
    // Looked at once before any block (0 of 2 confirmations), then confirmed when the blocks come.
    await expect.poll(async () => (await refundOf(first.refundId)).requiredConfirmations).toBe(2);
    expect(await refundOf(first.refundId)).toMatchObject({ status: 'sent', confirmations: 0 });
    await mine('Bitcoin', 2);
    await expect.poll(async () => (await refundOf(first.refundId)).status, { timeout: 5000 }).toBe('confirmed');
    await refused(
      call('POST', `/v1/refunds/${first.refundId}/sent`, { txid: `0x${'ab'.repeat(32)}` }),
      10212,
      'already confirmed',
    );
    await refused(call('POST', `/v1/refunds/${second.refundId}/sent`, { txid: 'nope' }), 10011, 'txid');
    const entered = await ok(call('POST', `/v1/refunds/${second.refundId}/sent`, { txid: `0x${'cd'.repeat(32)}` }));
    expect(entered).toMatchObject({ status: 'sent', txid: `0x${'cd'.repeat(32)}` });
    await refused(call('GET', `/v1/refunds/${randomUUID()}`), 10211, 'no refund');
  });

  it('a refund counts until withdrawn: only one to send or flagged, with a reason, frees the amount again', async () => {
    const payment = await cancelledWhileConfirming();
    const all = { traceId: payment.traceId, amount: '0.001', destination: BECH32_OK, reason: 'order cancelled' };
    const mistaken = await ok(refund({ ...all, destination: legacyAddress(0x00) }));
    await refused(refund(all), 10210, 'never exceeds what was received');
    await refused(call('POST', `/v1/refunds/${mistaken.refundId}/withdraw`, {}), 10011, 'reason');
    await refused(
      call('POST', `/v1/refunds/${mistaken.refundId}/withdraw`, { reason: 'x' }, false),
      2000,
      'merchant key',
    );
    const withdrawn = await ok(
      call('POST', `/v1/refunds/${mistaken.refundId}/withdraw`, { reason: 'wrong address typed' }),
    );
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawnReason: 'wrong address typed' });
    expect(await resolve(payment.traceId)).toMatchObject({
      refunded: [],
      refundable: [{ assetId: BTC, amount: '0.001' }],
    });
    // A withdrawn refund is not paid any more: no txid, no second withdrawal.
    await refused(
      call('POST', `/v1/refunds/${mistaken.refundId}/sent`, { txid: `0x${'ef'.repeat(32)}` }),
      10212,
      'already withdrawn',
    );
    await refused(
      call('POST', `/v1/refunds/${mistaken.refundId}/withdraw`, { reason: 'again' }),
      10212,
      'this one is withdrawn',
    );
    const right = await ok(refund(all));
    await ok(call('POST', `/v1/sandbox/refunds/${right.refundId}/send`, {}, false));
    await refused(
      call('POST', `/v1/refunds/${right.refundId}/withdraw`, { reason: 'changed my mind' }),
      10212,
      'this one is sent',
    );
    const events = gw.rows(
      "SELECT kind FROM payment_events WHERE trace_id = ? AND kind LIKE 'refund_%' ORDER BY id",
      payment.traceId,
    ) as { kind: string }[];
    expect(events.map((e) => e.kind)).toEqual([
      'refund_requested',
      'refund_withdrawn',
      'refund_requested',
      'refund_sent',
    ]);
  });

  it('checks the destination for its network, and never one of the gateway deposit addresses', async () => {
    const btc = await cancelledWhileConfirming();
    const ask = (traceId: string, destination: string) =>
      refund({ traceId, amount: '0.0001', destination, reason: 'check' });
    await refused(ask(btc.traceId, BECH32_TYPO), 10011, 'destination: the bech32 checksum');
    await refused(ask(btc.traceId, EVM_OK), 10011, 'destination');
    await refused(ask(btc.traceId, legacyAddress(0x1e)), 10011, 'destination: is not an address of this network');
    await ok(ask(btc.traceId, legacyAddress(0x00)));
    await refused(ask(btc.traceId, ''), 10011, 'destination: is required');

    const eth = await ok(
      call('POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        paymentAmount: '0.01',
        paymentAssetId: ETH,
        isChain: true,
      }),
    );
    await ok(call('POST', '/v1/sandbox/deposits', { destination: eth.destination, asset: ETH, amount: '0.01' }, false));
    const askEth = (destination: string) => refund({ traceId: eth.traceId, amount: '0.001', destination, reason: 'x' });
    await refused(askEth(EVM_TYPO), 10011, 'destination: the EVM address checksum');
    await refused(askEth(BECH32_OK), 10011, 'destination: must be an EVM address');
    await refused(askEth(eth.destination), 10011, "destination: is one of this gateway's deposit addresses");
    const good = await ok(askEth(EVM_OK.toLowerCase()));
    expect(good.destination).toBe(EVM_OK);
    expect(good.payoutUri).toBe(`ethereum:${EVM_OK}@1?value=1000000000000000`);
  });

  it('a wallet payment is refunded to a wallet user with a mixin://pay link naming the refund', async () => {
    const payment = await ok(
      call('POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: '4',
        paymentAssetId: USDT,
      }),
    );
    await ok(
      call(
        'POST',
        '/v1/sandbox/transfers',
        { recipient: payment.recipient, asset: USDT, amount: '4', trace: randomUUID(), memo: payment.memo },
        false,
      ),
    );
    await refused(
      refund({ traceId: payment.traceId, amount: '1', destination: BECH32_OK, reason: 'x' }),
      10011,
      'wallet user id',
    );
    const user = randomUUID();
    const made = await ok(
      refund({ traceId: payment.traceId, amount: '1', destination: user, reason: 'returned item' }),
    );
    const uri = new URL(made.payoutUri);
    expect(uri.protocol).toBe('mixin:');
    expect(uri.searchParams.get('recipient')).toBe(user);
    expect(uri.searchParams.get('memo')).toContain(made.refundId);
    await ok(call('POST', `/v1/sandbox/refunds/${made.refundId}/send`, {}, false));
    await expect.poll(async () => (await refundOf(made.refundId)).status, { timeout: 5000 }).toBe('confirmed');
  });

  it('converts a quote-currency amount at the original rate or at today, showing both', async () => {
    await setFixedPrices(gw, { [ETH]: '2000' });
    const payment = await ok(
      call('POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: '100',
        paymentAssetId: ETH,
        isChain: true,
      }),
    );
    expect(payment.paymentAmount).toBe('0.05');
    await ok(
      call('POST', '/v1/sandbox/deposits', { destination: payment.destination, asset: ETH, amount: '0.05' }, false),
    );
    await setFixedPrices(gw, { [ETH]: '2500' });
    const original = await ok(
      refund({
        traceId: payment.traceId,
        amount: '50',
        amountIn: 'quote_original',
        destination: EVM_OK,
        reason: 'half',
      }),
    );
    expect(original).toMatchObject({
      amount: '0.025',
      quoteAsked: '50',
      originalPrice: '2000',
      todayPrice: '2500',
      quoteAtOriginalRate: '50',
      quoteAtTodayRate: '62.5',
    });
    const today = await ok(
      refund({ traceId: payment.traceId, amount: '50', amountIn: 'quote_today', destination: EVM_OK, reason: 'half' }),
    );
    expect(today).toMatchObject({ amount: '0.02', quoteAtOriginalRate: '40', quoteAtTodayRate: '50' });
    await refused(
      refund({ traceId: payment.traceId, amount: '50', amountIn: 'quote_today', destination: EVM_OK, reason: 'x' }),
      10210,
      'amount',
    );
    await refused(
      refund({ traceId: payment.traceId, amount: '1', amountIn: 'euros', destination: EVM_OK, reason: 'x' }),
      10011,
      'amountIn',
    );
  });

  it('sends `refund` callbacks to payments that subscribed, through the outbox', async () => {
    const payment = await cancelledWhileConfirming({
      callbackUrl: 'https://shop.example/hook',
      callbackEvent: 'refund',
    });
    const made = await ok(refund({ traceId: payment.traceId, amount: '0.001', destination: BECH32_OK, reason: 'x' }));
    await ok(call('POST', `/v1/sandbox/refunds/${made.refundId}/send`, {}, false));
    const log = await ok(call('GET', `/v1/callbacks?traceId=${payment.traceId}`));
    const events = (log as any[]).map((d) => d.event);
    expect(events.filter((e) => e === 'refund')).toHaveLength(2);
    const quiet = await cancelledWhileConfirming({ callbackUrl: 'https://shop.example/hook' });
    await ok(refund({ traceId: quiet.traceId, amount: '0.001', destination: BECH32_OK, reason: 'x' }));
    const quietLog = await ok(call('GET', `/v1/callbacks?traceId=${quiet.traceId}`));
    expect((quietLog as any[]).map((d) => d.event)).not.toContain('refund');
  });
});
