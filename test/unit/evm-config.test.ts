/**
 * The EVM rail's configuration rules without a chain: RPC URL policy, xpub depth, catalogue fit,
 * credential masking; and the per-pass chain-id check of the RPC endpoints against small fake
 * JSON-RPC nodes on loopback (real HTTP), with logs and health free of credentials.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Catalog, seedCatalog } from '../../electron/gateway/catalog.js';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { PaymentsStore } from '../../electron/gateway/payments/store.js';
import type { ResultEngine } from '../../electron/gateway/results/engine.js';
import { Ledger } from '../../electron/gateway/results/ledger.js';
import { checkAgainstCatalog } from '../../electron/gateway/rails/evm/catalog.js';
import {
  EvmConfigInputSchema,
  maskRpcUrl,
  rpcUrlProblem,
  scrubSecrets,
  unmaskRpcUrls,
  type EvmConfig,
} from '../../electron/gateway/rails/evm/config.js';
import { TransactionFacts } from '../../electron/gateway/rails/facts.js';
import { EvmChainScanner } from '../../electron/gateway/rails/evm/scanner.js';
import { RpcEndpoints } from '../../electron/gateway/rails/evm/rpc-endpoints.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Logger } from '../../electron/platform/logger.js';
import { BTC, ETH, USDT } from '../helpers/gateway.js';

const seed = HDKey.fromMasterSeed(randomBytes(32));
const xpub = seed.derive("m/44'/60'/0'").publicExtendedKey;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function gatewayDb() {
  const dir = mkdtempSync(join(tmpdir(), 'pd-evmcfg-'));
  dirs.push(dir);
  const db = openGatewayDb(join(dir, 'gateway.db'));
  seedCatalog(db, Date.now());
  return db;
}

/** A fake JSON-RPC node: answers eth_chainId with `chainId`, anything else with `fail` (HTTP 500). */
async function fakeNode(chainId: number) {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; method: string };
      asked.push(body.method);
      if (body.method !== 'eth_chainId') return response.writeHead(500).end('boom');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: `0x${chainId.toString(16)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('EVM rail configuration rules', () => {
  it.each([
    ['http://127.0.0.1:8545', undefined],
    ['https://user:key@rpc.example/v3/abc', undefined],
    ['http://192.168.1.20:8545', undefined],
    ['http://[::1]:8545', undefined],
    ['file:///etc/passwd', /file: is not supported/],
    ['javascript:alert(1)', /javascript: is not supported/],
    ['ws://127.0.0.1:8546', /ws: is not supported/],
    ['wss://rpc.example', /wss: is not supported/],
    ['http://169.254.169.254/latest/meta-data', /linkLocal/],
    ['http://[::ffff:a9fe:a9fe]/', /linkLocal/],
    ['http://[fe80::1]/', /linkLocal/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://100.100.100.200/', /metadata/],
    ['http://metadata.google.internal./computeMetadata', /metadata/],
    ['http://0.0.0.0:8545', /unspecified/],
    ['not a url', /http\(s\) URL/],
  ])('RPC URL %s', (url, problem) => {
    const found = rpcUrlProblem(url);
    if (problem) expect(found).toMatch(problem);
    else expect(found).toBeUndefined();
  });

  it('accepts only an account-level xpub', () => {
    const chains = [
      {
        network: 'Ethereum',
        chainId: 1,
        rpcUrls: ['http://127.0.0.1:8545'],
        requiredConfirmations: 3,
        assets: [{ assetId: ETH, kind: 'native' }],
      },
    ];
    expect(EvmConfigInputSchema.safeParse({ xpub, chains }).success).toBe(true);
    for (const [path, depth] of [
      ['m', 0],
      ["m/44'/60'/0'/0", 4],
      ["m/44'/60'/0'/0/7", 5],
    ] as const) {
      const parsed = EvmConfigInputSchema.safeParse({ xpub: seed.derive(path).publicExtendedKey, chains });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        `must be an account-level extended public key such as m/44'/60'/0' (depth 3); this key has depth ${depth}`,
      );
    }
  });

  it('checks the configuration against the catalogue, naming the field', () => {
    const catalog = new Catalog(gatewayDb());
    const config = (chain: Record<string, unknown>) =>
      EvmConfigInputSchema.parse({
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: 1,
            rpcUrls: ['http://127.0.0.1:8545'],
            requiredConfirmations: 3,
            assets: [{ assetId: ETH, kind: 'native' }],
            ...chain,
          },
        ],
      });
    const refusal = (chain: Record<string, unknown>) => {
      try {
        checkAgainstCatalog(config(chain), catalog);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({})).toBe('accepted');
    expect(
      refusal({
        assets: [
          { assetId: ETH.toUpperCase(), kind: 'native' },
          { assetId: USDT, kind: 'erc20', contract: `0x${'1'.repeat(40)}`, decimals: 6 },
        ],
      }),
    ).toBe('accepted');
    expect(refusal({ network: 'Mainnet' })).toMatch(/^chains\[0\]\.network: Mainnet is not a network/);
    expect(refusal({ network: 'Tron' })).toMatch(/^chains\[0\]\.network: Tron is not an EVM network/);
    expect(refusal({ assets: [{ assetId: BTC, kind: 'native' }] })).toMatch(
      /^chains\[0\]\.assets\[0\]\.assetId: .* BTC on Bitcoin, not an asset of Ethereum/,
    );
    expect(refusal({ assets: [{ assetId: USDT, kind: 'native' }] })).toMatch(
      /^chains\[0\]\.assets\[0\]\.kind: USDT is a token/,
    );
    expect(refusal({ assets: [{ assetId: ETH, kind: 'native', decimals: 6 }] })).toMatch(
      /^chains\[0\]\.assets\[0\]\.decimals: .*18 decimals/,
    );
    expect(
      refusal({ assets: [{ assetId: USDT, kind: 'erc20', contract: `0x${'1'.repeat(40)}`, decimals: 2 }] }),
    ).toMatch(/^chains\[0\]\.assets\[0\]\.decimals: must be at least USDT's precision \(6\)/);
    expect(
      refusal({
        assets: [
          {
            assetId: 'c94ac88f-4671-3976-b60a-09064f1811e8',
            kind: 'erc20',
            contract: `0x${'1'.repeat(40)}`,
            decimals: 8,
          },
        ],
      }),
    ).toMatch(/cannot be paid on chain/);
  });

  it('masks credentials in every view, and restores them when a masked URL is saved back', () => {
    const secret = 'https://merchant:pa55@rpc.example:8443/v3?apikey=k3y&x=1';
    expect(maskRpcUrl(secret)).toBe('https://***@rpc.example:8443/v3?apikey=***&x=***');
    expect(maskRpcUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    const stored = {
      xpub,
      chains: [
        {
          network: 'Ethereum',
          chainId: 1,
          rpcUrls: [secret],
          requiredConfirmations: 3,
          assets: [{ assetId: ETH, kind: 'native' as const, decimals: 18 }],
        },
      ],
    } satisfies EvmConfig;
    const sentBack = EvmConfigInputSchema.parse({
      ...stored,
      chains: [{ ...stored.chains[0], rpcUrls: [maskRpcUrl(secret), 'http://127.0.0.1:8545'] }],
    });
    expect(unmaskRpcUrls(sentBack, stored)).toEqual({
      config: { ...sentBack, chains: [{ ...sentBack.chains[0], rpcUrls: [secret, 'http://127.0.0.1:8545'] }] },
    });
    expect(unmaskRpcUrls(sentBack, undefined)).toEqual({ field: 'chains[0].rpcUrls[0]' });
    const error = `HTTP request failed.\nURL: ${secret}\nother://someone:else@host`;
    const scrubbed = scrubSecrets(error, [secret]);
    for (const word of ['pa55', 'k3y', 'someone:else']) expect(scrubbed).not.toContain(word);
  });
});

describe('RPC endpoints: the chain id is checked at each connection', () => {
  const nodes: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
  });

  it('never uses a URL whose node is on another chain, and says so without its credentials', async () => {
    const wrong = await fakeNode(1);
    const right = await fakeNode(31337);
    nodes.push(wrong, right);
    const wrongUrl = `http://merchant:pa55@127.0.0.1:${wrong.port}/?apikey=k3y`;
    const seen: [number, number][] = [];
    const endpoints = new RpcEndpoints({
      urls: [wrongUrl, `http://127.0.0.1:${right.port}`],
      chainId: 31337,
      onWrongChain: (i, id) => seen.push([i, id]),
    });
    const client = await endpoints.connect();
    expect(await client.getChainId()).toBe(31337);
    expect(seen).toEqual([[0, 1]]);
    expect(endpoints.problems()).toBe(
      `rpcUrls[0] (http://***@127.0.0.1:${wrong.port}/?apikey=***): the node is on chain id 1, not 31337; this URL is not used`,
    );
    await endpoints.connect();
    await endpoints.connect();
    // Asked once, then never again (no other method either).
    expect(wrong.asked).toEqual(['eth_chainId']);
    expect(right.asked.filter((m) => m === 'eth_chainId')).toHaveLength(4);
  });

  it('a scanner whose only node is on another chain reports nothing and logs no credential', async () => {
    const wrong = await fakeNode(5);
    nodes.push(wrong);
    const db = gatewayDb();
    const lines: string[] = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
      error: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
      child: () => logger,
    };
    const chain = {
      network: 'Ethereum',
      chainId: 1,
      rpcUrls: [`http://merchant:pa55@127.0.0.1:${wrong.port}/?apikey=k3y`],
      requiredConfirmations: 3,
      assets: [{ assetId: ETH, kind: 'native' as const, decimals: 18 }],
    };
    const engine = { apply: () => expect.fail('no fact may be reported') } as unknown as ResultEngine;
    const store = new PaymentsStore(db);
    const ledger = new Ledger(db);
    const clock = new ManualClock(0);
    const scanner = new EvmChainScanner({
      db,
      store,
      ledger,
      facts: new TransactionFacts({ store, ledger, engine, clock }),
      clock,
      logger,
      chain,
      pollMs: 20,
    });
    scanner.start();
    await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThan(1);
    await scanner.stop();
    expect(scanner.health.lastError).toMatch(/chain id 5, not 1/);
    expect(wrong.asked.every((m) => m === 'eth_chainId')).toBe(true);
    for (const text of [...lines, scanner.health.lastError])
      for (const word of ['pa55', 'k3y']) expect(text).not.toContain(word);
  });
});
