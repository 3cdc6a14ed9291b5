/**
 * migrate-db and settings an owner changed on the server (README, "Moving to a shop server"): a real
 * shop server started once on a real PostgreSQL, its settings changed through its own /v1 (and a price
 * source with an API key in its URL stored as the price-source route stores it); migrate-db refuses,
 * naming each changed setting with the server's value (never the key), and changes nothing; with
 * --replace-settings the copy goes through and says what it replaced; an unchanged server database
 * still moves without the flag.
 */
import { HDKey } from '@scure/bip32';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, printedKey, tillData } from '../helpers/migrate-db.js';
import { tempDataDir } from '../helpers/host.js';
import { openGatewayDb, writeMeta } from '../../electron/gateway/db.js';
import { DEFAULT_SETTINGS } from '../../electron/gateway/settings.js';
import { changedServerSettings } from '../../electron/gateway/store/postgres/changed-settings.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';
import { startShopServer, stopShopServers, v1 } from '../helpers/shop-server.js';

const API_KEY = 'Sp0t-api-k3y-never-printed';

describe.runIf(postgresAvailable())('migrate-db and settings changed on the server', () => {
  let cluster: PgCluster;
  let dataDir: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    ({ dataDir } = await tillData());
  }, 60_000);
  afterAll(async () => {
    stopShopServers();
    await cluster?.stop();
  });

  /** A database a server started in once (its first-start seed), then stopped; `change` runs while it serves. */
  async function startedOnce(change?: (base: string, key: string, url: string) => Promise<void>): Promise<string> {
    const url = await cluster.freshDatabase();
    const server = await startShopServer(url, { PAYDESK_QUIET: '1' });
    if (change) await change(server.url, printedKey(url), url);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    return url;
  }

  async function serverMeta(url: string): Promise<Record<string, string>> {
    const client = await cluster.connect(url);
    const rows = await client.query<{ key: string; value: string }>('SELECT key, value FROM meta');
    const payments = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    await client.end();
    return { ...Object.fromEntries(rows.rows.map((r) => [r.key, r.value])), payments: String(payments.rows[0]!.n) };
  }

  it('refuses, naming each changed setting and never a key; changes nothing; --replace-settings replaces them', async () => {
    const url = await startedOnce(async (base, key, db) => {
      await v1(
        base,
        'POST',
        '/v1/merchant/settings',
        {
          callbackAllowlist: ['https://10.0.0.5:8443'],
          reviewThresholdUsd: '500',
        },
        key,
      );
      // As writePriceSources stores it (the route would first ask the endpoint, which is not reachable here).
      const client = await cluster.connect(db);
      const sources = {
        refreshSeconds: 60,
        maxDisagreementPercent: '2',
        sources: [
          {
            id: 'exchange',
            kind: 'spot',
            url: `https://prices.example/v1/{symbol}?apikey=${API_KEY}`,
            path: 'price',
            maxAgeSeconds: 120,
            pairs: [{ key: 'eur', symbol: 'EURUSD', invert: true }],
          },
        ],
      };
      await client.query("INSERT INTO meta (key, value) VALUES ('price_sources', $1)", [JSON.stringify(sources)]);
      await client.end();
    });
    const before = await serverMeta(url);
    const serverKey = printedKey(url);

    const refused = await migrateDb(['--data', dataDir, '--database', url]);
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      "migrate-db: the database holds 3 settings changed on the server, which the copy would replace with the till's; nothing was changed:",
    );
    expect(refused.stderr).toContain('  settings.reviewThresholdUsd: 500\n');
    expect(refused.stderr).toContain('  settings.callbackAllowlist: ["https://10.0.0.5:8443"]\n');
    expect(refused.stderr).toContain('  price_sources.sources: exchange (spot), details (set)\n');
    expect(refused.stderr).toContain(
      'Migrate into a new database, or run migrate-db again with --replace-settings to replace them.',
    );
    // Unchanged settings are not named; no secret is printed.
    expect(refused.stderr).not.toContain('settings.spreadPercent');
    expect(refused.stderr).not.toContain('mode:');
    for (const secret of [API_KEY, serverKey]) expect(refused.stdout + refused.stderr).not.toContain(secret);
    expect(refused.stdout).not.toContain('copied');
    expect(await serverMeta(url)).toEqual(before);
    expect(JSON.parse(before.settings!).reviewThresholdUsd).toBe('500');
    expect(before.payments).toBe('0');

    const replaced = await migrateDb(['--data', dataDir, '--database', url, '--replace-settings']);
    expect(replaced.code, replaced.stdout + replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('verified: row counts and checksums of every table match');
    expect(replaced.stdout).toContain(
      "replaced these settings changed on the server with the till's (--replace-settings):\n" +
        '  settings.reviewThresholdUsd: 500\n' +
        '  settings.callbackAllowlist: ["https://10.0.0.5:8443"]\n' +
        '  price_sources.sources: exchange (spot), details (set)\n',
    );
    for (const secret of [API_KEY, serverKey]) expect(replaced.stdout + replaced.stderr).not.toContain(secret);
    const after = await serverMeta(url);
    expect(after.payments).toBe('1');
    // The till never changed its settings: the server now runs on the till's (none stored, the defaults).
    expect(after.settings).toBeUndefined();
    expect(after.price_sources).toBeUndefined();
    expect((await migrateDb(['--data', dataDir, '--database', url, '--verify-only'])).code).toBe(0);
  }, 90_000);

  it('moves into a database a server only started in, without the flag', async () => {
    const url = await startedOnce();
    const run = await migrateDb(['--data', dataDir, '--database', url]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('verified: row counts and checksums of every table match');
    expect(run.stdout).not.toContain('replaced these settings');
    expect((await serverMeta(url)).payments).toBe('1');
  }, 60_000);

  it('refuses --replace-settings with --verify-only as bad usage', async () => {
    const run = await migrateDb([
      '--data',
      dataDir,
      '--database',
      'postgres://x@127.0.0.1:1/x',
      '--verify-only',
      '--replace-settings',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--replace-settings: a verification copies nothing and replaces nothing');
  });

  it("names a changed mode and EVM rail without their credentials; a setting equal to the till's is not named", async () => {
    const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'").publicExtendedKey;
    const rail = {
      xpub,
      chains: [
        {
          network: 'Ethereum',
          chainId: 1,
          rpcUrls: [`https://owner:${API_KEY}@rpc.example/v2?key=${API_KEY}`],
          requiredConfirmations: 12,
          assets: [{ assetId: '43d61dcd-e413-450d-80b8-101d5e903357', kind: 'native', decimals: 18 }],
        },
      ],
    };
    const shared = JSON.stringify({ ...DEFAULT_SETTINGS, publicOrigin: 'https://pay.shop.example' });
    // The server's meta rows as migrate-db reads them (the whole refusal over PostgreSQL is tested above).
    const server = new Map([
      ['mode', 'live'],
      ['evm_rail', JSON.stringify(rail)],
      ['settings', shared],
    ]);
    const till = openGatewayDb(join(tempDataDir('pd-mig-set-'), 'gateway.db'));
    writeMeta(till, 'mode', 'sandbox');
    writeMeta(till, 'settings', shared);
    const changed = changedServerSettings(server, till);
    expect(changed).toEqual([
      { name: 'mode', server: 'live' },
      { name: 'evm_rail', server: 'Ethereum (chain id 1); xpub and RPC URLs (set)' },
    ]);
    expect(JSON.stringify(changed)).not.toContain(API_KEY);
    expect(JSON.stringify(changed)).not.toContain(xpub);
    // The same rail on both sides replaces nothing.
    writeMeta(till, 'evm_rail', JSON.stringify(rail));
    writeMeta(till, 'mode', 'live');
    expect(changedServerSettings(server, till)).toEqual([]);
    till.close();
  });
});
