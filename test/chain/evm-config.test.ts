/**
 * What a live gateway accepts as its EVM rail configuration, against real local nodes (anvil):
 * catalogue fit (no sandbox address for live money), the nodes' chain ids at configuration and at
 * each scanner pass, account-level xpubs only, http(s) RPC URLs away from metadata services, masked
 * credentials, token decimals from the contract, and a bounded startBlock. Refusals are 10011 with
 * the field named, and write nothing.
 */
import Database from 'better-sqlite3';
import { HDKey } from '@scure/bip32';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAvailable, startAnvil, startRpcSwitch, type Anvil } from '../helpers/anvil.js';
import { BTC, ETH, startGateway, USDT, setFixedPrices, type TestGateway } from '../helpers/gateway.js';

const seed = HDKey.fromMasterSeed(randomBytes(32));
const xpub = seed.derive("m/44'/60'/0'").publicExtendedKey;

describe.runIf(anvilAvailable())('EVM rail configuration in live mode', () => {
  let anvil: Anvil;
  let gw: TestGateway;
  let token: `0x${string}`;
  let shop = '';
  let seq = 0;
  const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
  const ethChain = (extra: Record<string, unknown> = {}) => ({
    network: 'Ethereum',
    chainId: 31337,
    rpcUrls: [anvil.url],
    requiredConfirmations: 1,
    assets: [{ assetId: ETH, kind: 'native' }],
    ...extra,
  });
  const save = (config: unknown) => gw.post('/v1/merchant/rails/evm', config, auth());
  const view = async () => (await (await fetch(`${gw.url}/v1/merchant/rails/evm`, auth())).json()) as { data: any };
  /** A refusal: 10011 naming `field`, and the stored configuration unchanged. */
  const refused = async (config: unknown, field: string, words?: RegExp) => {
    const before = JSON.stringify((await view()).data.config);
    const answer = await save(config);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.code).toBe(10011);
    expect(answer.body.message.startsWith(`${field}:`), answer.body.message).toBe(true);
    if (words) expect(answer.body.message).toMatch(words);
    expect(JSON.stringify((await view()).data.config)).toBe(before);
    return answer.body.message as string;
  };
  const create = (asset: string) =>
    gw.post('/v1/payments', {
      payeeId: shop,
      orderId: `cfg-${++seq}-order`,
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: asset,
      isChain: true,
    });

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await anvil.deployToken(10n ** 15n);
    gw = await startGateway({ mode: 'live', railPollMs: 100 });
    shop = (await gw.post('/v1/payees', { networkId: '8200001', fullName: 'Config Shop' }, auth())).body.data.payeeId;
    await setFixedPrices(gw, { [ETH]: '3200', [USDT]: '1', [BTC]: '64000' });
    const ok = await save({ xpub, chains: [ethChain()] });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await anvil?.close();
  });

  describe('catalogue fit (no sandbox address for live money)', () => {
    it('refuses a network that is not a catalogue EVM network', async () => {
      await refused({ xpub, chains: [ethChain({ network: 'Mainnet' })] }, 'chains[0].network', /Mainnet/);
      await refused({ xpub, chains: [ethChain({ network: 'Bitcoin' })] }, 'chains[0].network', /not an EVM network/);
    });

    it('refuses assets of another network or of the wrong kind, and unknown asset ids', async () => {
      await refused(
        { xpub, chains: [ethChain({ assets: [{ assetId: BTC, kind: 'native' }] })] },
        'chains[0].assets[0].assetId',
        /Bitcoin/,
      );
      await refused(
        { xpub, chains: [ethChain({ assets: [{ assetId: USDT, kind: 'native' }] })] },
        'chains[0].assets[0].kind',
        /erc20/,
      );
      await refused(
        { xpub, chains: [ethChain({ assets: [{ assetId: ETH, kind: 'erc20', contract: token, decimals: 18 }] })] },
        'chains[0].assets[0].kind',
        /native/,
      );
      await refused(
        { xpub, chains: [ethChain({ assets: [{ assetId: randomUUID(), kind: 'native' }] })] },
        'chains[0].assets[0].assetId',
        /not an asset/,
      );
      await refused(
        {
          xpub,
          chains: [
            ethChain({
              assets: [
                { assetId: ETH, kind: 'native' },
                { assetId: ETH, kind: 'native' },
              ],
            }),
          ],
        },
        'chains[0].assets[1].assetId',
        /twice/,
      );
    });

    it('a stored configuration that does not fit (an older version wrote it) offers nothing live and never a sandbox address', async () => {
      const dataDir = gw.dataDir;
      const good = (await view()).data.config;
      await gw.close();
      const db = new Database(join(dataDir, 'gateway.db'));
      const bad = {
        xpub,
        chains: [
          {
            network: 'Mainnet',
            chainId: 31337,
            rpcUrls: [anvil.url],
            requiredConfirmations: 1,
            assets: [{ assetId: ETH, kind: 'native', decimals: 18 }],
          },
          {
            network: 'Ethereum',
            chainId: 1,
            rpcUrls: ['http://127.0.0.1:9'],
            requiredConfirmations: 1,
            assets: [{ assetId: BTC, kind: 'native', decimals: 18 }],
          },
        ],
      };
      db.prepare("UPDATE meta SET value = ? WHERE key = 'evm_rail'").run(JSON.stringify(bad));
      db.close();
      gw = await startGateway({ mode: 'live', railPollMs: 100, dataDir });
      const assets = (await gw.get('/v1/setting/payment_assets', { payeeId: shop })).body.data as { assetId: string }[];
      expect(assets).toEqual([]);
      for (const asset of [BTC, ETH]) {
        const answer = await create(asset);
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(10002);
        expect(answer.body.message).toMatch(/no live rail/);
      }
      expect(gw.count('deposit_addresses')).toBe(0);
      expect((await view()).data.problem).toMatch(/chains\[0\]\.network/);
      expect((await save(good)).body.success).toBe(true);
      expect((await create(ETH)).body.success).toBe(true);
    });
  });

  describe('chain ids', () => {
    it('refuses a configuration whose node answers another chain id, naming the URL', async () => {
      await refused({ xpub, chains: [ethChain({ chainId: 1 })] }, 'chains[0].rpcUrls[0]', /chain id 31337/);
      await refused(
        { xpub, chains: [ethChain({ chainId: 1, rpcUrls: ['http://127.0.0.1:9', anvil.url] })] },
        'chains[0].rpcUrls[1]',
        /chain id 31337/,
      );
    });

    it('accepts a URL that does not answer at configuration, and shows it in the health', async () => {
      const answer = await save({ xpub, chains: [ethChain({ rpcUrls: [anvil.url, 'http://127.0.0.1:9'] })] });
      expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
      expect(answer.body.data.health[0].lastError).toMatch(/rpcUrls\[1\].*did not answer/);
    });

    it('never reports a fact from a node that turns out to be on another chain (checked at each pass)', async () => {
      const other = await startAnvil([], { chainId: 1 });
      const front = await startRpcSwitch(anvil.url);
      try {
        expect((await save({ xpub, chains: [ethChain({ rpcUrls: [front.url] })] })).body.success).toBe(true);
        const payment = (await create(ETH)).body.data;
        // The provider now serves chain 1 (where the test coins are free); the payer "pays" there.
        front.pointAt(other.url);
        const hash = await other.wallet(1).sendTransaction({
          to: payment.destination,
          value: parseEther(payment.paymentAmount),
          chain: other.wallet(1).chain,
          account: other.wallet(1).account!,
        });
        await other.publicClient.waitForTransactionReceipt({ hash });
        await other.testClient.mine({ blocks: 3 });
        await expect
          .poll(async () => (await view()).data.health[0].lastError, { timeout: 10_000 })
          .toMatch(/rpcUrls\[0\].*chain id 1, not 31337/);
        await new Promise((resolve) => setTimeout(resolve, 500)); // several more passes
        const result = (await gw.get('/v1/payments_result', { traceId: payment.traceId, with: 'transactions' })).body
          .data;
        expect(result).toMatchObject({ status: 'unpaid', paymentAmount: '0' });
        expect(gw.count('transactions')).toBe(0);
      } finally {
        await front.close();
        await other.close();
      }
    });
  });

  describe('field checks', () => {
    it('accepts only an account-level xpub (depth 3)', async () => {
      const keys = [
        seed.publicExtendedKey,
        seed.derive("m/44'/60'/0'/0").publicExtendedKey,
        seed.derive("m/44'/60'/0'/0/0").publicExtendedKey,
      ];
      for (const key of keys)
        await refused(
          { xpub: key, chains: [ethChain()] },
          'xpub',
          /account-level extended public key such as m\/44'\/60'\/0'/,
        );
      await refused(
        { xpub: seed.derive("m/44'/60'/0'").privateExtendedKey, chains: [ethChain()] },
        'xpub',
        /never a private one/,
      );
    });

    it('accepts only http(s) RPC URLs away from link-local and cloud metadata addresses', async () => {
      const urls = [
        'file:///etc/passwd',
        'javascript:alert(1)',
        'ws://127.0.0.1:8546',
        'http://169.254.169.254/latest/meta-data',
        'http://[fd00:ec2::254]/',
        'http://[::ffff:169.254.169.254]/',
        'http://metadata.google.internal/',
        'http://[fe80::1]:8545/',
      ];
      for (const url of urls) {
        const message = await refused(
          { xpub, chains: [ethChain({ rpcUrls: [anvil.url, url] })] },
          'chains[0].rpcUrls[1]',
        );
        expect(message).not.toContain(url);
      }
    });

    it('never shows the credentials of an RPC URL, but keeps them for the rail', async () => {
      const port = new URL(anvil.url).port;
      const secretUrl = `http://merchant:s3cret-pass@127.0.0.1:${port}/?apikey=t0p-secret`;
      const deadSecret = 'http://merchant:dead-pass@127.0.0.1:9/';
      const answer = await save({ xpub, chains: [ethChain({ rpcUrls: [secretUrl, deadSecret] })] });
      expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
      const shown = await view();
      for (const text of [JSON.stringify(answer.body), JSON.stringify(shown)]) {
        for (const secret of ['s3cret-pass', 't0p-secret', 'dead-pass', 'merchant:'])
          expect(text).not.toContain(secret);
      }
      expect(shown.data.config.chains[0].rpcUrls).toEqual([
        `http://***@127.0.0.1:${port}/?apikey=***`,
        'http://***@127.0.0.1:9/',
      ]);
      await expect.poll(async () => (await view()).data.health[0].lastBlock, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(JSON.stringify((await view()).data.health)).not.toContain('dead-pass');
      // The owner saves what they saw: the stored credentials stay.
      expect((await save(shown.data.config)).body.success).toBe(true);
      const stored = new Database(join(gw.dataDir, 'gateway.db'), { readonly: true });
      const raw = (stored.prepare("SELECT value FROM meta WHERE key = 'evm_rail'").get() as { value: string }).value;
      stored.close();
      expect(JSON.parse(raw).chains[0].rpcUrls).toEqual([secretUrl, deadSecret]);
      await refused(
        { xpub, chains: [ethChain({ rpcUrls: ['http://***@other.example/'] })] },
        'chains[0].rpcUrls[0]',
        /masked/,
      );
    });

    it("reads a token's decimals from its contract: fills them in, refuses a mismatch or a non-token", async () => {
      const token6 = { assetId: USDT, kind: 'erc20', contract: token };
      const filled = await save({ xpub, chains: [ethChain({ assets: [token6] })] });
      expect(filled.body.success, JSON.stringify(filled.body)).toBe(true);
      expect(filled.body.data.config.chains[0].assets[0]).toMatchObject({ decimals: 6 });
      await refused(
        { xpub, chains: [ethChain({ assets: [{ ...token6, decimals: 18 }] })] },
        'chains[0].assets[0].decimals',
        /contract says 6/,
      );
      await refused(
        { xpub, chains: [ethChain({ assets: [{ ...token6, contract: anvil.wallet(1).account!.address }] })] },
        'chains[0].assets[0].contract',
        /decimals\(\)/,
      );
    });

    it('bounds startBlock: a non-negative safe integer, not far beyond the head', async () => {
      const head = Number(await anvil.publicClient.getBlockNumber({ cacheTime: 0 }));
      await refused({ xpub, chains: [ethChain({ startBlock: -1 })] }, 'chains[0].startBlock');
      await refused({ xpub, chains: [ethChain({ startBlock: 1e300 })] }, 'chains[0].startBlock');
      await refused(
        { xpub, chains: [ethChain({ startBlock: Number.MAX_SAFE_INTEGER })] },
        'chains[0].startBlock',
        /beyond the chain's head/,
      );
      await refused(
        { xpub, chains: [ethChain({ startBlock: head + 5000 })] },
        'chains[0].startBlock',
        /beyond the chain's head/,
      );
      expect((await save({ xpub, chains: [ethChain({ startBlock: head })] })).body.success).toBe(true);
    });
  });
});
