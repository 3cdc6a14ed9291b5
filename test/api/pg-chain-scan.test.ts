/**
 * Chain scanning with several shop server processes over one PostgreSQL (issue 20): two live server
 * processes and a real local EVM node (anvil). The rail configured through one is applied by the
 * other within seconds. Only one process scans the chain (its lease row in
 * `meta`, its log line); the other stands by. A deposit is booked through the scanning process
 * and read through the other; the scanning process is killed with SIGKILL; after its lease ends
 * the other takes the chain over, and a deposit made after the kill is booked, once.
 * Skips with one line where PostgreSQL or anvil is absent.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBaseUnits } from '../../shared/money.js';
import { anvilAvailable, startAnvil, TOKEN_ABI, type Anvil } from '../helpers/anvil.js';
import { ETH, USDT } from '../helpers/gateway.js';
import {
  printMerchantKey,
  startShopServer,
  useShopServerCluster,
  v1,
  type ShopServer,
} from '../helpers/shop-server.js';

const suite = useShopServerCluster({ requires: anvilAvailable });
const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
let anvil: Anvil;
let token: `0x${string}`;

beforeAll(async () => {
  if (!suite.available) return;
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
}, 120_000);
afterAll(async () => {
  await anvil?.close();
});

async function payToken(to: string, amount: string): Promise<void> {
  const wallet = anvil.wallet(1);
  const hash = await wallet.writeContract({
    address: token,
    abi: TOKEN_ABI,
    functionName: 'transfer',
    args: [to as `0x${string}`, BigInt(toBaseUnits(amount, 6))],
    chain: wallet.chain,
    account: wallet.account!,
  });
  await anvil.publicClient.waitForTransactionReceipt({ hash });
}

const scans = (server: ShopServer) => server.output().includes('evm scanning: this process scans the chain');
const holder = async (client: pg.Client) =>
  (await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'lease:evm-scan:31337'")).rows[0]?.value;

describe.skipIf(!suite.available)('chain scanning with two shop server processes over one PostgreSQL', () => {
  it('one process scans; after it is killed the other takes over and books a later deposit once', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    const a = await startShopServer(databaseUrl, {}, ['--mode', 'live']);
    const key = printMerchantKey(databaseUrl).stdout.trim();
    const b = await startShopServer(databaseUrl, {}, ['--mode', 'live']);
    const shop = (await v1(a.url, 'POST', '/v1/payees', { networkId: '8000001', fullName: 'Shop' }, key)).payeeId;
    await v1(a.url, 'POST', '/v1/rates', { key: USDT, usdPrice: '1' }, key);
    await v1(a.url, 'POST', '/v1/rates', { key: ETH, usdPrice: '3200' }, key);
    const chain = {
      network: 'Ethereum',
      chainId: 31337,
      rpcUrls: [anvil.url],
      requiredConfirmations: 1,
      assets: [{ assetId: USDT, kind: 'erc20', contract: token, decimals: 6 }],
    };
    await v1(a.url, 'POST', '/v1/merchant/rails/evm', { xpub, chains: [chain] }, key);
    await expect.poll(() => scans(a), { timeout: 10_000 }).toBe(true);
    // B was running before the rail was configured through A: it follows the stored configuration.
    await expect
      .poll(async () => (await v1(b.url, 'GET', '/v1/merchant/rails/evm', undefined, key)).config?.xpub, {
        timeout: 3_000,
      })
      .toBe(xpub);
    await expect
      .poll(() => b.output().includes('evm scanning: another process scans the chain'), { timeout: 10_000 })
      .toBe(true);
    const client = await suite.cluster.connect(databaseUrl);
    try {
      expect(await holder(client)).toContain(`:${a.child.pid}:`);

      const create = (orderId: string) =>
        v1(b.url, 'POST', '/v1/payments', {
          payeeId: shop,
          orderId,
          quoteAssetId: 'usd',
          quoteAmount: '7.25',
          paymentAssetId: USDT,
          isChain: true,
        });
      const status = (traceId: string) =>
        expect.poll(async () => (await v1(b.url, 'GET', `/v1/payments_result?traceId=${traceId}`)).status, {
          timeout: 30_000,
          interval: 200,
        });
      const first = await create('scan-before-kill');
      await payToken(first.destination, first.paymentAmount);
      await status(first.traceId).toMatch(/^(pending|success)$/);
      expect(scans(b)).toBe(false);

      a.child.kill('SIGKILL');
      const second = await create('scan-after-kill');
      await payToken(second.destination, second.paymentAmount);
      // B takes the chain when A's lease (10 s) ends, resumes from where A stood, and books it.
      await status(second.traceId).toMatch(/^(pending|success)$/);
      expect(scans(b)).toBe(true);
      expect(await holder(client)).toContain(`:${b.child.pid}:`);

      const txs = await client.query<{ trace_id: string; n: string }>(
        'SELECT trace_id, count(*) AS n FROM transactions WHERE trace_id IN ($1, $2) GROUP BY trace_id',
        [first.traceId, second.traceId],
      );
      expect(txs.rows.map((r) => r.n)).toEqual(['1', '1']);
      const twice = await client.query(
        `SELECT trace_id, kind, from_status, to_status, count(*) AS n FROM payment_events
          WHERE trace_id IN ($1, $2) GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`,
        [first.traceId, second.traceId],
      );
      expect(twice.rows).toEqual([]);
      const result = await v1(b.url, 'GET', `/v1/payments_result?traceId=${second.traceId}`);
      expect(result.paymentAmount).toBe(second.paymentAmount);
    } finally {
      await client.end();
    }
  }, 90_000);
});
