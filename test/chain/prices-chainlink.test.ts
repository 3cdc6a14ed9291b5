/**
 * Live prices from a Chainlink-style feed against a real node (anvil; README "Price sources"): an
 * aggregator compiled with solc from test/fixtures/TestAggregator.sol prices ETH; a live create quotes
 * from it and keeps the rate with its instruction; moving the feed moves the next quote; a round older
 * than the feed's heartbeat makes the create refuse with 10002; a spot source that disagrees stops
 * quotes; a node on the wrong chain is never read. Prices are read over the EVM rail's own RPC URL.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateTillIdentity } from '../../electron/platform/tls.js';
import {
  AGGREGATOR_TEST_ABI,
  anvilAvailable,
  startAnvil,
  startRpcSwitch,
  type Anvil,
  type RpcSwitch,
} from '../helpers/anvil.js';
import { ETH, startGateway, type TestGateway } from '../helpers/gateway.js';
import { startReceiver, type Receiver } from '../helpers/https-receiver.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const nowS = (): bigint => BigInt(Math.floor(Date.now() / 1000));

describe.runIf(anvilAvailable())('live prices from an on-chain feed (anvil)', () => {
  let anvil: Anvil;
  let rpc: RpcSwitch;
  let gw: TestGateway;
  let spot: Receiver;
  let feed: `0x${string}`;
  let shop = '';
  let seq = 0;
  let spotPrice = '3000';
  const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });

  const setRound = async (usd: number, updatedAt: bigint) => {
    const wallet = anvil.wallet(0);
    const hash = await wallet.writeContract({
      address: feed,
      abi: AGGREGATOR_TEST_ABI,
      functionName: 'setRound',
      args: [BigInt(usd) * 10n ** 8n, updatedAt],
      chain: wallet.chain,
      account: wallet.account!,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
  };
  const chainlink = (extra: Record<string, unknown> = {}) => ({
    id: 'feeds',
    kind: 'chainlink',
    network: 'Ethereum',
    feeds: [{ key: ETH, address: feed, heartbeatSeconds: 600 }],
    ...extra,
  });
  const configure = (sources: unknown[]) =>
    gw.post('/v1/merchant/price-sources', { refreshSeconds: 1, maxDisagreementPercent: '1', sources }, auth());
  const create = () =>
    gw.post('/v1/payments', {
      payeeId: shop,
      orderId: `feed-${++seq}`,
      quoteAssetId: 'usd',
      quoteAmount: '30',
      paymentAssetId: ETH,
      isChain: true,
    });
  const sourcesView = async (): Promise<unknown> => (await fetch(`${gw.url}/v1/merchant/price-sources`, auth())).json();
  const estimatedPrice = async () =>
    (await gw.get('/v1/payments_estimated', { paymentAssetId: ETH, quoteAssetId: 'usd', quoteAmount: '30' })).body;

  beforeAll(async () => {
    anvil = await startAnvil();
    rpc = await startRpcSwitch(anvil.url);
    feed = await anvil.deployAggregator(8, 'ETH / USD');
    await setRound(3000, nowS());
    gw = await startGateway({ mode: 'live', railPollMs: 200 });
    spot = await startReceiver(await loadOrCreateTillIdentity(gw.dataDir));
    spot.on('/price/ETH', (_q, r) =>
      r.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ price: spotPrice })),
    );
    shop = (await gw.post('/v1/payees', { networkId: '8400001', fullName: 'Feed Shop' }, auth())).body.data.payeeId;
    const rail = await gw.post(
      '/v1/merchant/rails/evm',
      {
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: anvil.chainId,
            rpcUrls: [rpc.url],
            requiredConfirmations: 1,
            assets: [{ assetId: ETH, kind: 'native' }],
          },
        ],
      },
      auth(),
    );
    expect(rail.body.success, JSON.stringify(rail.body)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await spot?.close();
    await rpc?.close();
    await anvil?.close();
  });

  it('refuses a quote with no live price, naming the price, and lists ETH as unable to pay', async () => {
    const answer = await create();
    expect(answer.body).toMatchObject({ success: false, code: 10002 });
    expect(answer.body.message).toMatch(/no live price for ETH/);
    const items = (
      await gw.get('/v1/setting/payment_assets', { payeeId: shop, quoteAssetId: 'usd', quoteAmount: '30' })
    ).body.data as any[];
    expect(items.find((a) => a.assetId === ETH).maxPaymentAmount).toBe('0');
    expect(gw.count('payments')).toBe(0);
  });

  it('refuses feeds on another chain id than the rail, naming the field', async () => {
    const answer = await configure([chainlink({ chainId: 1 })]);
    expect(answer.body).toMatchObject({ success: false, code: 10011 });
    expect(answer.body.message).toMatch(/^sources\[0\]\.chainId: must be the rail's chain id/);
  });

  it('quotes a live create from the feed and keeps the rate with the instruction', async () => {
    const saved = await configure([chainlink()]);
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.data.sources[0]).toMatchObject({ id: 'feeds', lastError: '', failures: 0 });
    expect(saved.body.data.sources[0].prices[0]).toMatchObject({ symbol: 'ETH', usdPrice: '3000' });
    const created = await create();
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.data.paymentAmount).toBe('0.01');
    const result = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId, with: 'payment' });
    expect(result.body.data.payment).toMatchObject({
      price: '3000',
      priceSource: 'ETH live (feeds)',
      receivedQuoteAmount: '0',
    });
    expect(Math.abs(result.body.data.payment.priceAt - Number(nowS()))).toBeLessThan(30);
  });

  it('moves the next quote when the feed moves', async () => {
    await setRound(3200, nowS());
    await expect
      .poll(async () => (await estimatedPrice()).data?.price, { timeout: 10_000, interval: 200 })
      .toBe('3200');
    const created = await create();
    expect(created.body.data.paymentAmount).toBe('0.009375');
  });

  it('stops quotes when a second source disagrees, and uses the median when they agree', async () => {
    spotPrice = '3500';
    const saved = await configure([
      chainlink(),
      {
        id: 'spot',
        kind: 'spot',
        url: `${spot.url}/price/{symbol}`,
        path: 'price',
        pairs: [{ key: ETH, symbol: 'ETH' }],
      },
    ]);
    expect(saved.body.data.alerts.join(' ')).toMatch(/disagree on ETH by more than 1 %/);
    const refused = await create();
    expect(refused.body).toMatchObject({ success: false, code: 10002 });
    expect(refused.body.message).toMatch(/disagree on ETH/);
    spotPrice = '3210';
    await expect
      .poll(async () => (await estimatedPrice()).data?.price, { timeout: 10_000, interval: 200 })
      .toBe('3205');
    const created = await create();
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  });

  it('refuses the create once the feed is older than its heartbeat', async () => {
    await configure([chainlink()]);
    await setRound(3200, nowS() - 700n);
    await expect
      .poll(async () => (await estimatedPrice()).message, { timeout: 10_000, interval: 200 })
      .toMatch(/the price of ETH is stale/);
    const refused = await create();
    expect(refused.body).toMatchObject({ success: false, code: 10002 });
    expect(refused.status).toBe(400);
  });

  it('never reads a node on another chain, and says so in the source health', async () => {
    const other = await startAnvil([], { chainId: 4242 });
    try {
      rpc.pointAt(other.url);
      await expect
        .poll(async () => ((await sourcesView()) as any).data?.sources?.[0]?.lastError ?? '', {
          timeout: 10_000,
          interval: 200,
        })
        .toMatch(/chain id 4242, not 31337/);
    } finally {
      rpc.pointAt(anvil.url);
      await other.close();
    }
  }, 30_000);
});
