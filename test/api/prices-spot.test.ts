/**
 * The HTTPS spot-price source and the refresher (README "Price sources"), against a real HTTPS server
 * on loopback and a real gateway.db: answers parsed at the configured path (text, numbers, inverted
 * pairs), malformed answers refused and nothing stored, back-off after failures, and two sources that
 * disagree stopping the price for quotes (and telling why), their median used when they agree.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { PriceSourcesConfigSchema } from '../../electron/gateway/prices/config.js';
import { LiveRates } from '../../electron/gateway/prices/live-rates.js';
import { PriceRefresher } from '../../electron/gateway/prices/refresher.js';
import { PriceStore } from '../../electron/gateway/prices/store.js';
import type { Db } from '../../electron/platform/db.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { trustBundle } from '../../electron/platform/tls.js';
import { answers, startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { tempDataDir } from '../helpers/host.js';

const ETH = '43d61dcd-e413-450d-80b8-101d5e903357';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

let server: Receiver;
let db: Db;
let store: PriceStore;
let refresher: PriceRefresher;
let now = T0;

const json =
  (body: unknown, status = 200) =>
  (_q: unknown, r: import('node:http').ServerResponse) =>
    r.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function configure(sources: unknown[], extra: Record<string, unknown> = {}) {
  const config = PriceSourcesConfigSchema.parse({ refreshSeconds: 10, sources, ...extra });
  refresher.configure(config, true);
  return config;
}
const spot = (id: string, path: string, pairs: unknown[], jsonPath = 'data.price') => ({
  id,
  kind: 'spot',
  url: `${server.url}${path}`,
  path: jsonPath,
  pairs,
});
const requests = (prefix: string) => server.received.filter((r) => r.path.startsWith(prefix)).length;

beforeAll(async () => {
  server = await startReceiver();
  db = openGatewayDb(join(tempDataDir('pd-prices-'), 'gateway.db'));
  store = new PriceStore(db);
  refresher = new PriceRefresher({
    db,
    store,
    logger: silentLogger,
    realNow: () => now,
    trustedCa: trustBundle([server.identity.cert]),
  });
});
afterEach(async () => {
  await refresher.settled();
});
afterAll(async () => {
  await refresher.close();
  db.close();
  await server.close();
});

describe('the spot-price source', () => {
  it('reads the price at the configured path: text, a JSON number, and an inverted pair', async () => {
    server.on('/ticker/ETHUSDT', json({ data: { price: '3100.50' } }));
    server.on('/ticker/BTCUSDT', json({ data: { price: 64250.25 } }));
    server.on('/fx/USD', json({ rates: { EUR: '0.8' } }));
    configure([
      spot('ex', '/ticker/{symbol}', [
        { key: ETH, symbol: 'ETHUSDT' },
        { key: 'c6d0c728-2624-429b-8e0d-d9d19b6592fa', symbol: 'BTCUSDT' },
      ]),
      spot('fx', '/fx/USD', [{ key: 'eur', symbol: 'EUR', invert: true }], 'rates.{symbol}'),
    ]);
    await refresher.settled();
    expect(store.observationsOf(ETH)).toMatchObject([
      { source_id: 'ex', usd_price: '3100.5', observed_at: T0, max_age_ms: 120_000 },
    ]);
    expect(store.observationsOf('c6d0c728-2624-429b-8e0d-d9d19b6592fa')[0]?.usd_price).toBe('64250.25');
    expect(store.observationsOf('eur')[0]?.usd_price).toBe('1.25');
    expect(store.health('ex')).toMatchObject({ last_ok_at: T0, failures: 0, last_error: '' });
  });

  it.each([
    ['a price that is not a number', { data: { price: 'abc' } }, /not a decimal price/],
    ['no price at the path', { data: { last: '1' } }, /no price at data\.price/],
    ['a negative number', { data: { price: -5 } }, /no price at data\.price/],
    ['a price out of range', { data: { price: '99999999999999' } }, /outside/],
  ])('refuses %s and keeps the last good price', async (_what, body, error) => {
    now = T0 + 60_000;
    server.on('/ticker/ETHUSDT', json(body));
    configure([spot('ex', '/ticker/{symbol}', [{ key: ETH, symbol: 'ETHUSDT' }])]);
    await refresher.settled();
    expect(store.health('ex').last_error).toMatch(error);
    expect(store.health('ex').failures).toBe(1);
    expect(store.observationsOf(ETH)[0]?.usd_price).toBe('3100.5');
  });

  it('refuses an answer that is not JSON, and an HTTP error', async () => {
    server.on('/ticker/ETHUSDT', answers.notJson());
    configure([spot('ex', '/ticker/{symbol}', [{ key: ETH, symbol: 'ETHUSDT' }])]);
    await refresher.settled();
    expect(store.health('ex').last_error).toBe('the answer is not JSON');
    server.on('/ticker/ETHUSDT', answers.serverError());
    configure([spot('ex', '/ticker/{symbol}', [{ key: ETH, symbol: 'ETHUSDT' }])]);
    await refresher.settled();
    expect(store.health('ex').last_error).toBe('HTTP 500');
  });
});

describe('the refresher', () => {
  it('backs off after failures (doubling from the refresh period) and resets after an answer', async () => {
    now = T0;
    server.on('/down/ETHUSDT', answers.serverError());
    configure([spot('down', '/down/{symbol}', [{ key: ETH, symbol: 'ETHUSDT' }])], { refreshSeconds: 10 });
    await refresher.settled();
    expect(requests('/down/')).toBe(1);
    expect(store.health('down')).toMatchObject({ failures: 1, next_attempt_at: T0 + 20_000 });
    // Asked again only when the back-off has passed, and a quote's "refresh soon" respects it too.
    for (const [at, expected] of [
      [T0 + 10_000, 1],
      [T0 + 19_999, 1],
      [T0 + 20_000, 2],
      [T0 + 40_000, 2],
      [T0 + 60_000, 3],
    ] as const) {
      now = at;
      refresher.refreshDue();
      refresher.refreshSoon(['down']);
      await refresher.settled();
      expect(requests('/down/'), `at +${(at - T0) / 1000} s`).toBe(expected);
    }
    expect(store.health('down')).toMatchObject({ failures: 3, next_attempt_at: T0 + 60_000 + 80_000 });
    server.on('/down/ETHUSDT', json({ data: { price: '3000' } }));
    now = T0 + 140_000;
    refresher.refreshDue();
    await refresher.settled();
    expect(store.health('down')).toMatchObject({ failures: 0, next_attempt_at: now + 10_000, last_ok_at: now });
  });
});

describe('two sources', () => {
  const rates = () =>
    new LiveRates({
      base: { usdPrice: () => undefined },
      store,
      config: () => current,
      realNow: () => now,
      refreshSoon: refresher.refreshSoon,
      label: () => 'ETH',
    });
  let current = PriceSourcesConfigSchema.parse({ sources: [] });

  it('that disagree by more than the set percentage stop the price; when they agree, their median is used', async () => {
    now = T0 + 1_000_000;
    server.on('/a/ETH', json({ data: { price: '3000' } }));
    server.on('/b/ETH', json({ data: { price: '3300' } }));
    current = configure(
      [
        spot('a', '/a/{symbol}', [{ key: ETH, symbol: 'ETH' }]),
        spot('b', '/b/{symbol}', [{ key: ETH, symbol: 'ETH' }]),
      ],
      { maxDisagreementPercent: '2', refreshSeconds: 3600 },
    );
    await refresher.settled();
    const disagreeing = rates().usdPrice(ETH);
    expect(disagreeing?.problem).toMatch(/disagree on ETH by more than 2 % \(a 3000, b 3300\)/);
    server.on('/b/ETH', json({ data: { price: '3040' } }));
    refresher.configure(current, true);
    await refresher.settled();
    expect(rates().usdPrice(ETH)).toMatchObject({ usdPrice: '3020', source: 'live', detail: 'a,b' });
    expect(rates().usdPrice(ETH)?.problem).toBeUndefined();
  });

  it('uses only fresh ones, and asks at once for a price past half its age', async () => {
    // a and b were fetched at now (limit 120 s; the schedule is hourly): at 30 s nothing is asked.
    const before = requests('/a/');
    now += 30_000;
    expect(rates().usdPrice(ETH)?.usdPrice).toBe('3020');
    await refresher.settled();
    expect(requests('/a/')).toBe(before);
    // Past half their age, the quote's reading asks both at once, and still uses the fresh prices.
    now += 31_000;
    expect(rates().usdPrice(ETH)?.usdPrice).toBe('3020');
    await refresher.settled();
    expect(requests('/a/')).toBe(before + 1);
    expect(store.observationsOf(ETH).map((o) => o.observed_at)).toEqual([now, now]);
    now += 121_000;
    expect(rates().usdPrice(ETH)?.problem).toMatch(/the price of ETH is stale/);
  });
});
