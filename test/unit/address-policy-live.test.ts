/**
 * The SSRF guard through the API of a live-mode gateway (real HTTP on loopback, real gateway.db):
 * callback URLs aimed at loopback in IPv6 disguise or at `localhost.` are refused at create with
 * 10061, and a public-looking name that resolves to loopback at send time gets no request.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH, setFixedPrices, startGateway, type TestGateway } from '../helpers/gateway.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const REBOUND = 'callbacks.shop.example';

describe('live mode: callback targets', () => {
  let gw: TestGateway;
  let shop = '';
  let seq = 0;
  // Any TCP connection reaching this loopback service means the guard let a callback through.
  let connections = 0;
  const service = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  let port = 0;
  const auth = { headers: { authorization: '' } };
  const originalLookup = dns.lookup;

  beforeAll(async () => {
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    port = (service.address() as AddressInfo).port;
    gw = await startGateway({ mode: 'live', railPollMs: 60_000 });
    auth.headers.authorization = `Bearer ${gw.merchantKey}`;
    shop = (await gw.post('/v1/payees', { networkId: '8100001', fullName: 'Live Shop' }, auth)).body.data.payeeId;
    await setFixedPrices(gw, { [ETH]: '3200' });
    // Nothing listens on port 9: the rail is configured but idle; ETH is offered live.
    const config = await gw.post(
      '/v1/merchant/rails/evm',
      {
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: 1,
            rpcUrls: ['http://127.0.0.1:9'],
            requiredConfirmations: 3,
            assets: [{ assetId: ETH, kind: 'native' }],
          },
        ],
      },
      auth,
    );
    expect(config.body.success, JSON.stringify(config.body)).toBe(true);
    // A resolver that answers the IPv4-mapped form of 127.0.0.1 for one public-looking name (DNS rebinding).
    const fake = ((hostname: string, options: unknown, callback: unknown) => {
      if (hostname !== REBOUND) return (originalLookup as (...args: unknown[]) => void)(hostname, options, callback);
      const cb = (typeof options === 'function' ? options : callback) as (e: null, a: unknown, f?: number) => void;
      const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
      return all ? cb(null, [{ address: '::ffff:7f00:1', family: 6 }]) : cb(null, '::ffff:7f00:1', 6);
    }) as typeof dns.lookup;
    dns.lookup = fake;
    syncBuiltinESMExports();
  });
  afterAll(async () => {
    dns.lookup = originalLookup;
    syncBuiltinESMExports();
    await gw?.close();
    await new Promise((resolve) => service.close(resolve));
  });

  const create = (callbackUrl: string) =>
    gw.post('/v1/payments', {
      payeeId: shop,
      orderId: `ssrf-${++seq}-order`,
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: ETH,
      isChain: true,
      callbackUrl,
    });

  it.each([
    'https://[::ffff:127.0.0.1]:PORT/cb',
    'https://[::ffff:7f00:1]:PORT/cb',
    'https://[::127.0.0.1]:PORT/cb',
    'https://[64:ff9b::127.0.0.1]:PORT/cb',
    'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'https://[2002:7f00:1::1]:PORT/cb',
    'https://localhost.:PORT/cb',
    'https://foo.localhost.:PORT/cb',
  ])('refuses %s at create with 10061 and stores nothing', async (template) => {
    const before = gw.count('payments');
    const answer = await create(template.replace('PORT', String(port)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 10061 });
    expect(answer.body.message).toContain('callbackUrl');
    expect(gw.count('payments')).toBe(before);
  });

  it('accepts a public name, and refuses it at send time when it resolves to loopback', async () => {
    const created = await create(`https://${REBOUND}:${port}/cb`);
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const traceId = created.body.data.traceId as string;
    // The merchant cancels: a `fail` callback is due at once.
    expect((await gw.post('/v1/payments/cancel', { traceId }, auth)).body.success).toBe(true);
    const attempts = async () => {
      const response = await fetch(`${gw.url}/v1/callbacks?traceId=${traceId}`, auth);
      const deliveries = ((await response.json()) as { data: { attempts: { error: string; httpStatus: number }[] }[] })
        .data;
      return deliveries[0]?.attempts ?? [];
    };
    await expect.poll(async () => (await attempts()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await attempts())[0]).toMatchObject({ error: 'address not allowed', httpStatus: 0 });
    expect(connections).toBe(0);
  });
});
