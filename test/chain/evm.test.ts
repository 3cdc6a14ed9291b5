/**
 * The EVM rail against a real local node (anvil): an ERC-20 test token deployed for the run,
 * payments created through /v1/payments with isChain in live mode, paid from anvil accounts,
 * blocks mined, and every status of the state machine checked, including a reorg.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAddress } from '../../electron/gateway/rails/evm/hd-addresses.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { toBaseUnits } from '../../shared/money.js';
import { anvilAvailable, startAnvil, TOKEN_ABI, type Anvil } from '../helpers/anvil.js';
import { ETH, startGateway, USDT, setFixedPrices, type TestGateway } from '../helpers/gateway.js';
import { tillCommands } from '../helpers/till-commands.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;

describe.runIf(anvilAvailable())('EVM rail against anvil', () => {
  let anvil: Anvil;
  let gw: TestGateway;
  let token: `0x${string}`;
  let clock: ManualClock;
  let seq = 0;
  let SHOP = '';

  const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
  async function ok(answer: Promise<{ body: any }>): Promise<any> {
    const { body } = await answer;
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data;
  }
  const create = (asset: string, extra: Record<string, unknown> = {}) =>
    ok(
      gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: `evm-${++seq}-order`,
        quoteAssetId: 'usd',
        quoteAmount: '20',
        paymentAssetId: asset,
        isChain: true,
        ...extra,
      }),
    );
  const result = (traceId: string) => ok(gw.get('/v1/payments_result', { traceId, with: 'payment,transactions' }));
  const payToken = async (to: string, amount: string, from = 1) => {
    const hash = await anvil.wallet(from).writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: 'transfer',
      args: [to as `0x${string}`, BigInt(toBaseUnits(amount, 6))],
      chain: anvil.wallet(from).chain,
      account: anvil.wallet(from).account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };
  const status = async (traceId: string, expected: string) =>
    expect.poll(async () => (await result(traceId)).status, { timeout: 15_000, interval: 100 }).toBe(expected);

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await anvil.deployToken(10n ** 15n);
    // Fund the payer (account 1) with test tokens.
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
    // Live mode has no demo users: the merchant registers the shop.
    SHOP = (await ok(gw.post('/v1/payees', { networkId: '8000001', fullName: 'Live Shop' }, auth()))).payeeId;
    await setFixedPrices(gw, { [ETH]: '3200', [USDT]: '1' });
    await ok(
      gw.post(
        '/v1/merchant/rails/evm',
        {
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
        },
        auth(),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await anvil?.close();
  });

  it('refuses a private key and bad chain settings, naming the field', async () => {
    const privateKey = HDKey.fromMasterSeed(randomBytes(32)).privateExtendedKey;
    const bad = await gw.post('/v1/merchant/rails/evm', { xpub: privateKey, chains: [] }, auth());
    expect(bad.body).toMatchObject({ success: false, code: 10011 });
    expect(bad.body.message).toContain('xpub');
    const badUrl = await gw.post(
      '/v1/merchant/rails/evm',
      {
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: 1,
            rpcUrls: ['nope'],
            requiredConfirmations: 3,
            assets: [{ assetId: ETH, kind: 'native' }],
          },
        ],
      },
      auth(),
    );
    expect(badUrl.body.message).toContain('rpcUrls');
  });

  it('offers only the configured assets in live mode, on chain only, settling in the payment asset', async () => {
    const assets = await ok(gw.get('/v1/setting/payment_assets', { payeeId: SHOP }));
    expect(assets.map((a: any) => a.assetId).sort()).toEqual([ETH, USDT].sort());
    const wallet = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: 'evm-wallet-1',
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
    });
    expect(wallet.body.message).toContain('isChain');
    const strict = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: 'evm-strict-1',
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
      isChain: true,
      settlementAssetId: ETH,
      strictMode: true,
    });
    expect(strict.body.code).toBe(10002);
    const loose = await create(USDT, { settlementAssetId: ETH });
    expect(loose.settlementAssetId).toBe(USDT);
  });

  it("derives a fresh watch-only address per payment from the xpub (m/44'/60'/0'/0/i)", async () => {
    const a = await create(USDT);
    const b = await create(USDT);
    expect(a.destination).not.toBe(b.destination);
    const derived = Array.from({ length: 10 }, (_, i) => deriveAddress(xpub, i).toLowerCase());
    expect(derived).toContain(a.destination.toLowerCase());
    expect(derived).toContain(b.destination.toLowerCase());
  });

  it('ERC-20: confirming, then pending and success at the required confirmations', async () => {
    const payment = await create(USDT);
    const hash = await payToken(payment.destination, payment.paymentAmount);
    await status(payment.traceId, 'confirming');
    const seen = await result(payment.traceId);
    expect(seen.txid).toBe(hash);
    expect(seen.confirmations).toBeGreaterThanOrEqual(1);
    await anvil.testClient.mine({ blocks: 2 });
    await status(payment.traceId, 'success');
    const done = await result(payment.traceId);
    expect(done).toMatchObject({
      settleStatus: 'success',
      settleAsset: USDT,
      paymentAmount: payment.paymentAmount,
      confirmations: -1,
    });
    // The history went through every step: seen (confirming), confirmed (pending), settled (success).
    expect(
      gw.count(
        `payment_events WHERE trace_id = '${payment.traceId}' AND to_status IN ('confirming', 'pending', 'success') AND from_status != to_status`,
      ),
    ).toBe(3);
  });

  it('underpayment then top-up; overpayment kept as surplus', async () => {
    const short = await create(USDT);
    await payToken(short.destination, '5');
    await anvil.testClient.mine({ blocks: 3 });
    await status(short.traceId, 'paid_less');
    await payToken(short.destination, '15');
    await anvil.testClient.mine({ blocks: 3 });
    await status(short.traceId, 'success');
    expect((await result(short.traceId)).payment).toMatchObject({ isMultiPay: true, isFullyPaid: true });

    const over = await create(USDT);
    await payToken(over.destination, '25');
    await anvil.testClient.mine({ blocks: 3 });
    await status(over.traceId, 'success');
    expect((await result(over.traceId)).surplusAmount).toBe('5');
  });

  it('a payment after the deadline is kept as surplus, never reopening the order', async () => {
    const payment = await create(USDT, { expireSeconds: 60 });
    clock.advance(61_000);
    await expect.poll(async () => (await result(payment.traceId)).status, { timeout: 5000 }).toBe('failed');
    await payToken(payment.destination, payment.paymentAmount);
    await anvil.testClient.mine({ blocks: 3 });
    await expect
      .poll(async () => (await result(payment.traceId)).surplusAmount, { timeout: 15_000 })
      .toBe(payment.paymentAmount);
    expect((await result(payment.traceId)).status).toBe('failed');
  });

  it('native ETH payments', async () => {
    const payment = await create(ETH);
    const hash = await anvil.wallet(1).sendTransaction({
      to: payment.destination,
      value: parseEther(payment.paymentAmount),
      chain: anvil.wallet(1).chain,
      account: anvil.wallet(1).account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    await status(payment.traceId, 'confirming');
    await anvil.testClient.mine({ blocks: 2 });
    await status(payment.traceId, 'success');
    expect((await result(payment.traceId)).txid).toBe(hash);
  });

  it('a reorg takes a counted payment away, and it comes back when mined again', async () => {
    const payment = await create(USDT);
    const snapshot = await anvil.testClient.snapshot();
    await payToken(payment.destination, payment.paymentAmount);
    await status(payment.traceId, 'confirming');
    await anvil.testClient.revert({ id: snapshot });
    await anvil.testClient.mine({ blocks: 2 }); // a different chain, without the payment
    await status(payment.traceId, 'unpaid');
    expect((await result(payment.traceId)).paymentAmount).toBe('0');
    await payToken(payment.destination, payment.paymentAmount);
    await status(payment.traceId, 'confirming');
    await anvil.testClient.mine({ blocks: 3 });
    await status(payment.traceId, 'success');
  });

  it('finds every payment made while the gateway was stopped, after a restart', async () => {
    const payments = [await create(USDT), await create(ETH)];
    const dataDir = gw.dataDir;
    await gw.close();
    // The chain moves on while the app is down.
    await payToken(payments[0].destination, payments[0].paymentAmount);
    const hash = await anvil.wallet(1).sendTransaction({
      to: payments[1].destination,
      value: parseEther(payments[1].paymentAmount),
      chain: anvil.wallet(1).chain,
      account: anvil.wallet(1).account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    await anvil.testClient.mine({ blocks: 5 });
    gw = await startGateway({ mode: 'live', clock, railPollMs: 100, dataDir });
    for (const payment of payments) await status(payment.traceId, 'success');
  });

  it('fails over to the next RPC URL when the first does not answer', async () => {
    const dead = 'http://127.0.0.1:9'; // nothing listens there
    const config = {
      xpub,
      chains: [
        {
          network: 'Ethereum',
          chainId: 31337,
          rpcUrls: [dead, anvil.url],
          requiredConfirmations: 3,
          assets: [
            { assetId: USDT, kind: 'erc20', contract: token, decimals: 6 },
            { assetId: ETH, kind: 'native', decimals: 18 },
          ],
        },
      ],
    };
    await ok(gw.post('/v1/merchant/rails/evm', config, auth()));
    const payment = await create(USDT);
    await payToken(payment.destination, payment.paymentAmount);
    await anvil.testClient.mine({ blocks: 3 });
    await status(payment.traceId, 'success');
  });

  it('the till shows an EIP-681 QR for the configured chain and token, and the owner sees the rails', async () => {
    const pos = tillCommands(gw);
    const items = await ok(gw.get('/v1/setting/payment_assets', { payeeId: SHOP }));
    expect(items.find((a: any) => a.assetId === USDT)).toMatchObject({ chainId: 31337, contract: token, decimals: 6 });
    await pos('settings.save', { payeeNetworkId: '8000001', ownerPin: '5555' });
    const order = await pos('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '12.5',
      paymentAssetId: USDT,
      isChain: true,
    });
    const i = order.instruction;
    expect(i.paymentUri).toBe(
      `ethereum:${token}@31337/transfer?address=${i.destination}&uint256=${toBaseUnits(i.paymentAmount, 6)}`,
    );
    const ethOrder = await pos('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '12.5',
      paymentAssetId: ETH,
      isChain: true,
    });
    expect(ethOrder.instruction.paymentUri).toBe(
      `ethereum:${ethOrder.instruction.destination}@31337?value=${toBaseUnits(ethOrder.instruction.paymentAmount, 18)}`,
    );
    await pos('staff.signIn', { accountId: 'owner', pin: '5555' });
    const rails = await pos('owner.rails', {});
    expect(rails.available).toBe(true);
    expect(rails.health[0]).toMatchObject({ chainId: 31337, network: 'Ethereum' });
    await expect(pos('owner.saveRails', { config: { xpub: 'nope', chains: [] } })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'config',
    });
  });

  it('reports the rail health: last block seen and lag, and a URL that does not answer', async () => {
    const health = async () =>
      ((await (await fetch(`${gw.url}/v1/merchant/rails/evm`, auth())).json()) as any).data.health[0];
    // Still configured with the dead first URL (failover test): the rail works, and says which URL does not.
    expect(await health()).toMatchObject({
      network: 'Ethereum',
      chainId: 31337,
      lastError: expect.stringMatching(/rpcUrls\[0\] \(http:\/\/127\.0\.0\.1:9\/?\): no answer/),
    });
    expect((await health()).lastBlock).toBeGreaterThan(0);
    const config = {
      xpub,
      chains: [
        {
          network: 'Ethereum',
          chainId: 31337,
          rpcUrls: [anvil.url],
          requiredConfirmations: 3,
          assets: [
            { assetId: USDT, kind: 'erc20', contract: token },
            { assetId: ETH, kind: 'native' },
          ],
        },
      ],
    };
    await ok(gw.post('/v1/merchant/rails/evm', config, auth()));
    await expect.poll(async () => (await health()).lastBlock, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await health()).lastError).toBe('');
  });
});
