/**
 * A till on another machine needs HTTPS (issue 20, tester's findings): the shop server serves HTTPS
 * with `--tls-cert/--tls-key` (a certificate made here with the README's own openssl command), its
 * ready line says so, bad TLS arguments are one line and exit 2; a real till (`serve`) trusts the
 * private certificate through NODE_EXTRA_CA_CERTS alone, saves its till key and takes a payment the
 * server records under that till; without that variable the same till refuses the server.
 */
import { runCommand } from '../helpers/run-command.js';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGateway } from '../../electron/till/settings/save.js';
import { USDT } from '../helpers/gateway.js';
import { repoRoot, startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill } from '../helpers/pos-http.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';
import { startShopServer, stopShopServers } from '../helpers/shop-server.js';

const SALE = { quoteAssetId: 'usd', quoteAmount: '4.50', paymentAssetId: USDT, isChain: false };

/** The README's command for a self-signed certificate, for the address the tills use. */
function selfSigned(dir: string, name: string, address = '127.0.0.1'): { cert: string; key: string } {
  const cert = join(dir, `${name}-cert.pem`);
  const key = join(dir, `${name}-key.pem`);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '825',
    '-subj', '/CN=Paydesk shop server', '-addext', `subjectAltName=IP:${address}`,
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  return { cert, key };
}

const serverRun = (args: string[]) => runCommand(process.execPath, ['dist/electron/server.js', ...args]);

/** `/v1` over HTTPS trusting only `ca`; answers the envelope. */
function callTls(url: string, ca: string, method: string, body?: unknown, key?: string): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method,
        ca,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => resolve(JSON.parse(text)));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

describe('server --tls-cert/--tls-key: argument errors', () => {
  const dir = tempDataDir('pd-tls-args-');
  const one = selfSigned(dir, 'one');
  const other = selfSigned(dir, 'other');
  const notPem = join(dir, 'not.pem');
  writeFileSync(notPem, 'hello\n');
  const db = ['--database', 'postgres://paydesk@127.0.0.1:1/none'];
  it.each([
    [['--tls-cert', one.cert], '--tls-key: is required with --tls-cert (give both or neither)'],
    [['--tls-key', one.key], '--tls-cert: is required with --tls-key (give both or neither)'],
    [['--tls-cert', join(dir, 'missing.pem'), '--tls-key', one.key], 'missing.pem (no such file)'],
    [['--tls-cert', notPem, '--tls-key', one.key], `--tls-cert: ${notPem} holds no PEM certificate`],
    [['--tls-cert', one.cert, '--tls-key', notPem], `--tls-key: ${notPem} holds no unencrypted PEM private key`],
    [['--tls-cert', one.cert, '--tls-key', other.key], `--tls-key: ${other.key} is not the key of the certificate`],
  ])('%j is refused with one line, exit 2', async (args, message) => {
    const run = await serverRun([...db, ...args]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.split('\n')[0]).toContain(message);
    expect(run.stdout).toBe('');
  });
});

describe.runIf(postgresAvailable())('a till trusts an HTTPS shop server through NODE_EXTRA_CA_CERTS', () => {
  let cluster: PgCluster;
  const hosts: HostProcess[] = [];
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.stop()));
    stopShopServers();
    await cluster?.stop();
  });

  it('serves HTTPS; the till saves its till key and takes a payment the server records under it', async () => {
    const dir = tempDataDir('pd-tls-');
    const tls = selfSigned(dir, 'server');
    const ca = execFileSync('cat', [tls.cert], { encoding: 'utf8' });
    const url = await cluster.freshDatabase();
    const server = await startShopServer(url, {}, ['--tls-cert', tls.cert, '--tls-key', tls.key]);
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const merchantKey = execFileSync(process.execPath, ['dist/electron/server.js', '--print-merchant-key'], {
      cwd: repoRoot,
      env: { ...process.env, PAYDESK_DATABASE_URL: url },
      encoding: 'utf8',
    }).trim();
    const made = await callTls(`${server.url}/v1/merchant/tills`, ca, 'POST', { name: 'Early till' }, merchantKey);
    expect(made.success, JSON.stringify(made)).toBe(true);
    const { tillKey } = made.data;

    // Without the variable the till does not trust the server: it cannot reach it, and queues the sale.
    const untrusting = await startHost({ env: { NODE_EXTRA_CA_CERTS: '' } });
    hosts.push(untrusting);
    const refused = await posOverHttp(untrusting);
    const staff = await staffedTill(refused);
    await refused.call('settings.save', { gateway: { kind: 'hosted', baseUrl: server.url, tillKey } });
    await refused.signIn(staff.cashier, '1111');
    const untrusted = await refused.call('order.create', SALE);
    expect(untrusted).toMatchObject({ status: 'queued', instruction: null });

    const host = await startHost({ env: { NODE_EXTRA_CA_CERTS: tls.cert } });
    hosts.push(host);
    const pos = await posOverHttp(host);
    const { cashier } = await staffedTill(pos);
    await pos.call('settings.save', { gateway: { kind: 'hosted', baseUrl: server.url, tillKey } });
    expect((await pos.call('settings.get')).gateway).toMatchObject({ kind: 'hosted', tillKeySet: true });
    await pos.signIn(cashier, '1111');
    const order = await pos.call('order.create', SALE);
    expect(order.instruction?.paymentAmount, JSON.stringify(order)).toBeTruthy();
    const client = await cluster.connect(url);
    const rows = await client.query('SELECT p.order_id, t.name FROM payments p JOIN tills t USING (till_id)');
    await client.end();
    expect(rows.rows).toEqual([{ order_id: order.orderId, name: 'Early till' }]);
  }, 120_000);

  it('still refuses to send a key to plain http on another machine, naming the till key', () => {
    expect(() =>
      resolveGateway({ kind: 'embedded' }, { kind: 'hosted', baseUrl: 'http://192.0.2.2:8080', tillKey: 'k' }, 'own'),
    ).toThrow(/a till key or merchant key is sent only over HTTPS/);
  });
});
