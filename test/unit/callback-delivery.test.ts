import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { CallbackDispatcher } from '../../electron/gateway/callbacks/dispatcher.js';
import { CallbackSender } from '../../electron/gateway/callbacks/sender.js';
import { CallbackStore } from '../../electron/gateway/callbacks/store.js';
import { callbackTablesSql } from '../../electron/gateway/migrations/003-callback-outbox.js';
import { callbackOriginIndexSql } from '../../electron/gateway/migrations/005-callback-origin-index.js';
import { RETRY_DELAYS_SECONDS } from '../../electron/gateway/callbacks/schedule.js';
import { checkCallbackUrl, isBlockedAddress } from '../../electron/gateway/callbacks/address-policy.js';
import { signBody, verifySignature, SIGNATURE_HEADER } from '../../electron/platform/signature.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { trustBundle } from '../../electron/platform/tls.js';
import { answers, startReceiver, type Receiver } from '../helpers/https-receiver.js';

const KEY = 'test-merchant-key-0123456789abcdef';
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

function setup(
  receiver: Receiver,
  opts: {
    mode?: 'sandbox' | 'live';
    timeoutMs?: number;
    allowlist?: string[];
    resolve?: ConstructorParameters<typeof CallbackSender>[0]['resolve'];
    perOrigin?: number;
  } = {},
) {
  const db = new Database(':memory:');
  db.exec(callbackTablesSql);
  db.exec(callbackOriginIndexSql);
  const store = new CallbackStore(db);
  const clock = new ManualClock(T0);
  const sender = new CallbackSender({
    mode: opts.mode ?? 'sandbox',
    allowlist: () => opts.allowlist ?? [],
    trustedCa: trustBundle([receiver.identity.cert]),
    merchantKey: () => KEY,
    realNowSeconds: () => Date.now() / 1000,
    timeoutMs: opts.timeoutMs,
    resolve: opts.resolve,
  });
  const dispatcher = new CallbackDispatcher({
    store,
    sender,
    clock,
    logger: silentLogger,
    perOriginConcurrency: opts.perOrigin,
  });
  let n = 0;
  const enqueue = (path: string, url = receiver.url) => {
    n += 1;
    const deliveryId = `d-${n}`;
    const body = JSON.stringify({ orderId: '', traceId: `t-${n}`, payeeId: 'p', callbackEvent: 'success' });
    store.enqueue({
      deliveryId,
      traceId: `t-${n}`,
      event: 'success',
      url: url + path,
      origin: new URL(url).origin,
      body,
      nowMs: clock.now(),
    });
    return deliveryId;
  };
  const settle = async () => {
    dispatcher.kick();
    await dispatcher.idle();
  };
  return { db, store, clock, dispatcher, enqueue, settle };
}

describe('callback delivery over real HTTPS', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('retries on the exact schedule, driven by the clock, and stops after 9 attempts (exhausted)', async () => {
    receiver.on('/always-500', answers.serverError());
    const { store, clock, enqueue, settle } = setup(receiver);
    const id = enqueue('/always-500');
    await settle();
    expect(store.get(id)!.attempts).toHaveLength(1);
    for (const [i, delay] of RETRY_DELAYS_SECONDS.entries()) {
      clock.advance(delay * 1000 - 1);
      await settle();
      expect(store.get(id)!.attempts, `1 ms before retry ${i + 2}`).toHaveLength(i + 1);
      clock.advance(1);
      await settle();
      expect(store.get(id)!.attempts, `retry ${i + 2}`).toHaveLength(i + 2);
    }
    const log = store.get(id)!;
    expect(log.status).toBe('exhausted');
    expect(log.nextAttemptAt).toBeNull();
    const gaps = log.attempts.slice(1).map((a, i) => (a.at - log.attempts[i]!.at) / 1000);
    expect(gaps).toEqual([...RETRY_DELAYS_SECONDS]);
    clock.advance(24 * 3600 * 1000);
    await settle();
    expect(store.get(id)!.attempts).toHaveLength(9);
    expect(
      log.attempts.every(
        (a) => a.httpStatus === 500 && a.error === 'HTTP 500' && a.responseExcerpt === '{"code":"FAIL"}',
      ),
    ).toBe(true);
  });

  it('counts only HTTP 200 with code "SUCCESS" as delivered', async () => {
    const cases: [string, ReturnType<typeof answers.success>, boolean, RegExp][] = [
      ['/ok', answers.success(), true, /^$/],
      ['/other-code', answers.otherCode(), false, /SUCCESS/],
      ['/no-content', answers.noContent(), false, /HTTP 204/],
      ['/error', answers.serverError(), false, /HTTP 500/],
      ['/redirect', answers.redirect(), false, /redirect/],
      ['/not-json', answers.notJson(), false, /not JSON/],
    ];
    const { store, enqueue, settle } = setup(receiver);
    const ids = cases.map(([path, behaviour]) => {
      receiver.on(path, behaviour);
      return enqueue(path);
    });
    await settle();
    cases.forEach(([path, , delivered, error], i) => {
      const log = store.get(ids[i]!)!;
      expect(log.status, path).toBe(delivered ? 'delivered' : 'pending');
      expect(log.attempts[0]!.error, path).toMatch(error);
    });
  });

  it('treats no answer within 20 seconds as a failure (a 21-second stall)', async () => {
    receiver.on('/stall', answers.stall());
    const { store, enqueue, settle } = setup(receiver);
    const id = enqueue('/stall');
    await settle();
    const attempt = store.get(id)!.attempts[0]!;
    expect(attempt.error).toMatch(/no answer within 20 s/);
    expect(attempt.durationMs).toBeGreaterThanOrEqual(19_900);
    expect(store.get(id)!.status).toBe('pending');
  }, 40_000);

  it('signs the body so the receiver can verify origin and freshness', async () => {
    receiver.on('/signed', answers.success());
    const { enqueue, settle } = setup(receiver);
    enqueue('/signed');
    await settle();
    const got = receiver.received.filter((r) => r.path === '/signed').at(-1)!;
    const header = got.headers[SIGNATURE_HEADER] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, got.body, KEY, Date.now() / 1000)).toMatchObject({ ok: true });
    expect(verifySignature(header, got.body.replace('t-', 'x-'), KEY, Date.now() / 1000)).toMatchObject({
      ok: false,
      reason: 'signature mismatch',
    });
    expect(verifySignature(header, got.body, 'another-key', Date.now() / 1000)).toMatchObject({ ok: false });
    expect(verifySignature(header, got.body, KEY, Date.now() / 1000 + 3600)).toMatchObject({
      ok: false,
      reason: /too old/,
    });
    expect(signBody('{}', KEY, 1700000000)).toBe(signBody('{}', KEY, 1700000000.9));
  });

  it('refuses loopback, private, link-local and multicast targets in live mode unless allow-listed', async () => {
    for (const url of [
      'https://localhost/cb',
      'https://shop.localhost/cb',
      'https://127.0.0.1/cb',
      'https://10.1.2.3/cb',
      'https://172.20.0.1/cb',
      'https://192.168.1.10/cb',
      'https://169.254.169.254/cb',
      'https://224.0.0.1/cb',
      'https://[::1]/cb',
      'https://[fd00::1]/cb',
      'https://[fe80::1]/cb',
    ]) {
      expect(checkCallbackUrl(url, 'live', []), url).toMatchObject({ ok: false, reason: 'address_not_allowed' });
      expect(checkCallbackUrl(url, 'sandbox', []), url).toMatchObject({ ok: true });
    }
    expect(checkCallbackUrl('http://shop.example/cb', 'sandbox', [])).toMatchObject({ ok: false, reason: 'not_https' });
    expect(checkCallbackUrl('https://shop.example/cb', 'live', [])).toMatchObject({ ok: true });
    expect(checkCallbackUrl('https://127.0.0.1:8443/cb', 'live', ['https://127.0.0.1:8443'])).toMatchObject({
      ok: true,
    });
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('::ffff:127.0.0.1')).toBe(true);

    // At send time: a public-looking name that resolves to loopback is refused, no request is made.
    receiver.on('/rebind', answers.success());
    const port = new URL(receiver.url).port;
    const resolveToLoopback = (
      _host: string,
      cb: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void,
    ) => cb(null, [{ address: '127.0.0.1', family: 4 }]);
    const live = setup(receiver, { mode: 'live', resolve: resolveToLoopback });
    const before = receiver.received.length;
    const id = live.enqueue('/rebind', `https://callbacks.shop.example:${port}`);
    await live.settle();
    expect(live.store.get(id)!.attempts[0]).toMatchObject({ error: 'address not allowed', httpStatus: 0 });
    const literal = live.enqueue('/rebind');
    await live.settle();
    expect(live.store.get(literal)!.attempts[0]!.error).toBe('address not allowed');
    expect(receiver.received.length).toBe(before);

    // Allow-listed origin goes through, even in live mode.
    const allowed = setup(receiver, { mode: 'live', allowlist: [receiver.origin] });
    const ok = allowed.enqueue('/rebind');
    await allowed.settle();
    expect(allowed.store.get(ok)!.status).toBe('delivered');
  });

  it('never lets a dead endpoint delay others: 1,000 deliveries to a healthy endpoint while a dead one hangs', async () => {
    const dead = await startReceiver(receiver.identity);
    dead.on('/dead', answers.stall());
    receiver.on('/healthy', answers.success());
    const { store, enqueue, dispatcher } = setup(receiver, { perOrigin: 4 });
    const deadIds = Array.from({ length: 20 }, () => enqueue('/dead', dead.url));
    const healthyIds = Array.from({ length: 1000 }, () => enqueue('/healthy'));
    dispatcher.start();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && healthyIds.some((id) => store.get(id)!.status !== 'delivered'))
      await new Promise((r) => setTimeout(r, 50));
    expect(healthyIds.filter((id) => store.get(id)!.status === 'delivered')).toHaveLength(1000);
    // The dead endpoint holds at most its per-endpoint share and has no recorded outcome yet.
    expect(deadIds.filter((id) => store.get(id)!.attempts.length > 0)).toHaveLength(0);
    expect(dispatcher.inFlightCount).toBeLessThanOrEqual(4);
    await dispatcher.stop(10);
    await dead.close();
  }, 30_000);

  it('lets the merchant redeliver an exhausted delivery as a new round', async () => {
    receiver.on('/flaky', answers.serverError());
    const { store, clock, enqueue, settle } = setup(receiver);
    const id = enqueue('/flaky');
    await settle();
    for (const delay of RETRY_DELAYS_SECONDS) {
      clock.advance(delay * 1000);
      await settle();
    }
    expect(store.get(id)!.status).toBe('exhausted');
    receiver.on('/flaky', answers.success());
    expect(store.redeliver(id, clock.now())).toBe(true);
    await settle();
    const log = store.get(id)!;
    expect(log.status).toBe('delivered');
    expect(log.attempts).toHaveLength(10);
    expect(store.redeliver('no-such-delivery', clock.now())).toBe(false);
  });
});
