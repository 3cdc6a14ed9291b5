/**
 * Refunds on the EVM rail against a real local node (anvil): the shop's own wallet (a funded anvil
 * account; the gateway never signs) pays a refund, its txid is entered (or the rail finds the payout
 * itself), and the rail checks it on chain: the right amount of the right asset to the right address is confirmed at the required
 * confirmations; a wrong amount, a wrong address or the wrong asset is flagged, never confirmed.
 * Skipped when anvil is absent, as the other chain tests.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { toBaseUnits } from '../../shared/money.js';
import { anvilAvailable, startAnvil, TOKEN_ABI, type Anvil } from '../helpers/anvil.js';
import { ETH, setFixedPrices, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const CUSTOMER = getAddress(`0x${'c0ffee'.padEnd(40, '1')}`);
const STRANGER = getAddress(`0x${'bad'.padEnd(40, '2')}`);

describe.runIf(anvilAvailable())('EVM refunds against anvil', () => {
  let anvil: Anvil;
  let gw: TestGateway;
  let token: `0x${string}`;
  let clock: ManualClock;
  let seq = 0;
  let SHOP = '';

  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<any> {
    const response = await fetch(`${gw.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.merchantKey}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as { success: boolean; data: any; message: string };
    expect(answer.success, answer.message).toBe(true);
    return answer.data;
  }
  const tokenTransfer = async (to: string, amount: string) => {
    const wallet = anvil.wallet(0);
    const hash = await wallet.writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: 'transfer',
      args: [to as `0x${string}`, BigInt(toBaseUnits(amount, 6))],
      chain: wallet.chain,
      account: wallet.account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };
  /** A paid USDT payment (20 USDT), paid by the customer's account 1 through the shop's deposit address. */
  async function paidPayment(asset = USDT) {
    const payment = await call('POST', '/v1/payments', {
      payeeId: SHOP,
      orderId: `evm-refund-${++seq}`,
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: asset,
      isChain: true,
    });
    const wallet = anvil.wallet(1);
    const hash =
      asset === USDT
        ? await wallet.writeContract({
            address: token,
            abi: TOKEN_ABI,
            functionName: 'transfer',
            args: [payment.destination, BigInt(toBaseUnits(payment.paymentAmount, 6))],
            chain: wallet.chain,
            account: wallet.account!,
          })
        : await wallet.sendTransaction({
            to: payment.destination,
            value: parseEther(payment.paymentAmount),
            chain: wallet.chain,
            account: wallet.account!,
          });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    await expect
      .poll(async () => (await call('GET', `/v1/payments/resolve?traceId=${payment.traceId}`)).received.length, {
        timeout: 15_000,
      })
      .toBe(1);
    return payment;
  }
  /** Waits for the refund's status, moving the gateway clock so its next check falls due. */
  const refundStatus = (refundId: string, expected: string) =>
    expect
      .poll(
        async () => {
          clock.advance(3000);
          return (await call('GET', `/v1/refunds/${refundId}`)).status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(expected);

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await anvil.deployToken(10n ** 15n);
    const hash = await anvil.wallet(0).writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: 'transfer',
      args: [anvil.wallet(1).account!.address, 10n ** 12n],
      chain: anvil.wallet(0).chain,
      account: anvil.wallet(0).account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    clock = new ManualClock(Date.now());
    gw = await startGateway({ mode: 'live', clock, railPollMs: 100 });
    SHOP = (await call('POST', '/v1/payees', { networkId: '8000002', fullName: 'Refund Shop' })).payeeId;
    await setFixedPrices(gw, { [ETH]: '4000', [USDT]: '1' });
    await call('POST', '/v1/merchant/rails/evm', {
      xpub,
      chains: [
        {
          network: 'Ethereum',
          chainId: 31337,
          rpcUrls: [anvil.url],
          requiredConfirmations: 3,
          assets: [
            { assetId: USDT, kind: 'erc20', contract: token, decimals: 6 },
            { assetId: ETH, kind: 'native', decimals: 18 },
          ],
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await anvil?.close();
  });

  it('a token refund sent from the shop wallet is checked and confirmed at the required confirmations', async () => {
    const payment = await paidPayment();
    const refund = await call('POST', '/v1/refunds', {
      traceId: payment.traceId,
      amount: '5',
      destination: CUSTOMER,
      reason: 'returned one item',
    });
    expect(refund.payoutUri).toBe(`ethereum:${token}@31337/transfer?address=${CUSTOMER}&uint256=5000000`);
    const hash = await tokenTransfer(CUSTOMER, '5');
    await call('POST', `/v1/refunds/${refund.refundId}/sent`, { txid: hash });
    await refundStatus(refund.refundId, 'sent');
    await anvil.testClient.mine({ blocks: 2 });
    await refundStatus(refund.refundId, 'confirmed');
    expect(await call('GET', `/v1/refunds/${refund.refundId}`)).toMatchObject({ confirmations: 3, flagReason: '' });
  });

  it('a payout sent without entering its txid is detected on chain, then confirmed', async () => {
    const payment = await paidPayment();
    const refund = await call('POST', '/v1/refunds', {
      traceId: payment.traceId,
      amount: '3.5',
      destination: CUSTOMER,
      reason: 'detected without a txid',
    });
    await tokenTransfer(CUSTOMER, '3.4'); // another amount: not this refund's payout
    const hash = await tokenTransfer(CUSTOMER, '3.5');
    await expect
      .poll(
        async () => {
          clock.advance(3000);
          return (await call('GET', `/v1/refunds/${refund.refundId}`)).txid;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(hash.toLowerCase());
    await anvil.testClient.mine({ blocks: 3 });
    await refundStatus(refund.refundId, 'confirmed');

    const ether = await paidPayment(ETH);
    const native = await call('POST', '/v1/refunds', {
      traceId: ether.traceId,
      amount: '0.0005',
      destination: STRANGER,
      reason: 'native, detected',
    });
    const wallet = anvil.wallet(0);
    const sent = await wallet.sendTransaction({
      to: STRANGER,
      value: parseEther('0.0005'),
      chain: wallet.chain,
      account: wallet.account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: sent });
    await anvil.testClient.mine({ blocks: 3 });
    await refundStatus(native.refundId, 'confirmed');
    expect((await call('GET', `/v1/refunds/${native.refundId}`)).txid).toBe(sent.toLowerCase());
  });

  it('a native refund is confirmed', async () => {
    const payment = await paidPayment(ETH);
    const refund = await call('POST', '/v1/refunds', {
      traceId: payment.traceId,
      amount: '0.001',
      destination: CUSTOMER,
      reason: 'goodwill',
    });
    const wallet = anvil.wallet(0);
    const hash = await wallet.sendTransaction({
      to: CUSTOMER,
      value: parseEther('0.001'),
      chain: wallet.chain,
      account: wallet.account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    await call('POST', `/v1/refunds/${refund.refundId}/sent`, { txid: hash });
    await anvil.testClient.mine({ blocks: 3 });
    await refundStatus(refund.refundId, 'confirmed');
  });

  it('a wrong amount, a wrong address or the wrong asset is flagged, never confirmed', async () => {
    const payment = await paidPayment();
    const ask = (amount: string) =>
      call('POST', '/v1/refunds', { traceId: payment.traceId, amount, destination: CUSTOMER, reason: 'check' });
    const short = await ask('2');
    await call('POST', `/v1/refunds/${short.refundId}/sent`, { txid: await tokenTransfer(CUSTOMER, '1.5') });
    const elsewhere = await ask('1');
    await call('POST', `/v1/refunds/${elsewhere.refundId}/sent`, { txid: await tokenTransfer(STRANGER, '1') });
    const wallet = anvil.wallet(0);
    const ether = await wallet.sendTransaction({
      to: CUSTOMER,
      value: 1n,
      chain: wallet.chain,
      account: wallet.account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: ether });
    const wrongAsset = await ask('1.25');
    await call('POST', `/v1/refunds/${wrongAsset.refundId}/sent`, { txid: ether });
    await anvil.testClient.mine({ blocks: 3 });
    await refundStatus(short.refundId, 'flagged');
    await refundStatus(elsewhere.refundId, 'flagged');
    await refundStatus(wrongAsset.refundId, 'flagged');
    expect((await call('GET', `/v1/refunds/${short.refundId}`)).flagReason).toContain('sent 1.5, not 2');
    expect((await call('GET', `/v1/refunds/${elsewhere.refundId}`)).flagReason).toContain('nothing');
    // A flagged refund still counts (money did leave the wallet, and it may still be given the right
    // txid) until the owner withdraws it: only then may its amount be asked again.
    const view = await call('GET', `/v1/payments/resolve?traceId=${payment.traceId}`);
    expect(view.refunded).toMatchObject([{ amount: '4.25' }]);
    await call('POST', `/v1/refunds/${short.refundId}/withdraw`, { reason: 'checked the wallet: asking again' });
    const after = await call('GET', `/v1/payments/resolve?traceId=${payment.traceId}`);
    expect(after.refunded).toMatchObject([{ amount: '2.25' }]);
    expect((await call('GET', `/v1/refunds/${short.refundId}`)).status).toBe('withdrawn');
  });
});
