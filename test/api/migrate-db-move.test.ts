/**
 * Moving up without losing anything (issue 20, tester's findings): migrate-db refuses a database a
 * server already used (registered tills, named; its merchant key and tills stay as they were), and it
 * carries the till's merchant key into the server's database, so the server's callbacks verify with
 * the key the shop's receivers already hold and receipt links made before the move still open.
 */
import { migrateDb, printedKey, tillData } from '../helpers/migrate-db.js';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody, SIGNATURE_HEADER, verifySignature } from '../../electron/platform/signature.js';
import { ReceiptLinks } from '../../electron/web/receipts.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { tempDataDir } from '../helpers/host.js';
import { startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';
import { startShopServer, stopShopServers, v1 } from '../helpers/shop-server.js';

describe.runIf(postgresAvailable())('migrate-db and a server that already ran', () => {
  let cluster: PgCluster;
  let receiver: Receiver;
  let caFile: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    receiver = await startReceiver();
    caFile = join(tempDataDir('pd-ca-'), 'receiver.pem');
    writeFileSync(caFile, receiver.identity.cert);
  }, 60_000);
  afterAll(async () => {
    stopShopServers();
    await receiver?.close();
    await cluster?.stop();
  });

  it('refuses a database with registered tills (named) and payees, and changes nothing', async () => {
    const url = await cluster.freshDatabase();
    const server = await startShopServer(url, { PAYDESK_QUIET: '1' });
    const serverKey = printedKey(url);
    await v1(server.url, 'POST', '/v1/merchant/tills', { name: 'Early till' }, serverKey);
    await v1(server.url, 'POST', '/v1/payees', { networkId: '7000999', fullName: 'Second shop' }, serverKey);
    server.child.kill('SIGTERM');
    const till = await tillData();
    const run = await migrateDb(['--data', till.dataDir, '--database', url]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'the database holds 1 registered till (Early till), 1 registered payee, which the copy would delete',
    );
    expect(run.stderr).toContain('Migrate into a new database, before the first server start.');
    expect(run.stdout).not.toContain('copied');
    const client = await cluster.connect(url);
    const tills = await client.query('SELECT name FROM tills');
    const payments = await client.query('SELECT count(*)::int AS n FROM payments');
    await client.end();
    expect(tills.rows).toEqual([{ name: 'Early till' }]);
    expect(payments.rows[0].n).toBe(0);
    expect(printedKey(url)).toBe(serverKey);
  }, 60_000);

  it("carries the till's merchant key: callbacks and receipt links made before the move verify after", async () => {
    const till = await tillData();
    const bodyBefore = JSON.stringify({ orderId: 'before-the-move' });
    const signedBefore = signBody(bodyBefore, till.merchantKey, 1_790_000_000);
    const linkBefore = new ReceiptLinks(till.merchantKey).idFor('before-the-move');
    // A server started once (its seed and a key of its own), as the README allows: the copy replaces both.
    const url = await cluster.freshDatabase();
    (await startShopServer(url, { PAYDESK_QUIET: '1' })).child.kill('SIGTERM');
    const seedKey = printedKey(url);
    expect(seedKey).not.toBe(till.merchantKey);
    const run = await migrateDb(['--data', till.dataDir, '--database', url]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("the till's merchant key is now the server's");
    expect((await migrateDb(['--data', till.dataDir, '--database', url, '--verify-only'])).code).toBe(0);

    const serverKey = printedKey(url);
    expect(serverKey).toBe(till.merchantKey);
    expect(verifySignature(signedBefore, bodyBefore, serverKey, 1_790_000_000).ok).toBe(true);
    expect(new ReceiptLinks(serverKey).orderIdOf(linkBefore)).toBe('before-the-move');

    // The server's own callback, after the move, verifies with the key the shop's receiver had before.
    const server = await startShopServer(url, { NODE_EXTRA_CA_CERTS: caFile, PAYDESK_QUIET: '1' });
    const payment = await v1(server.url, 'POST', '/v1/payments', {
      payeeId: SHOP,
      orderId: 'after-the-move',
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
      callbackUrl: `${receiver.url}/moved`,
    });
    await v1(server.url, 'POST', '/v1/sandbox/transfers', {
      recipient: payment.recipient,
      asset: USDT,
      amount: payment.paymentAmount,
      trace: randomUUID(),
      memo: payment.memo,
    });
    await expect.poll(() => receiver.received.filter((r) => r.path === '/moved').length, { timeout: 20_000 }).toBe(1);
    const callback = receiver.received.find((r) => r.path === '/moved')!;
    const header = callback.headers[SIGNATURE_HEADER] as string;
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(verifySignature(header, callback.body, till.merchantKey, t).ok).toBe(true);
    expect(verifySignature(header, callback.body, seedKey, t).ok).toBe(false);
  }, 90_000);
});
