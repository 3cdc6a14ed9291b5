/**
 * Every error on /v1 is the envelope with a documented code and a meaningful HTTP status (README's
 * error table): a body over 64 KB, an unknown endpoint (also where the renderer's static files are
 * served), and a full disk, which is not a bug of ours and says so instead of a bare 500.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { createGateway, type Gateway } from '../../electron/gateway/gateway.js';
import { installBodyParsers, installErrorEnvelope, installNotFound } from '../../electron/gateway/http.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { randomIds } from '../../electron/platform/ids.js';
import { silentLogger, type Logger } from '../../electron/platform/logger.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { tempDataDir } from '../helpers/host.js';

type Answer = { status: number; body: any };
const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: left as text so the assertion shows it
  }
  return { status: response.status, body };
};

function expectEnvelope(answer: Answer, http: number, code: number, text?: string | RegExp): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code, data: [] });
  expect(typeof answer.body.timestampMs).toBe('number');
  expect(answer.status).toBe(http);
  if (text) expect(answer.body.message).toMatch(text);
}

describe('request-level errors on /v1 (the app as it runs, with the renderer served)', () => {
  let core: Core;
  beforeAll(async () => {
    const dataDir = tempDataDir('pd-env-');
    const rendererDir = join(dataDir, 'renderer');
    mkdirSync(join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Paydesk</title>');
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'void 0;');
    core = await startCore({
      dataDir,
      shell: 'host',
      port: 0,
      logger: silentLogger,
      clock: new ManualClock(Date.UTC(2026, 10, 23, 12)),
      rendererDir,
    });
  });
  afterAll(() => core.close());

  it('a body over 64 KB: HTTP 413 with code 1413, not the parameter code', async () => {
    const answer = await call(`${core.url}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ remark: 'x'.repeat(70 * 1024) }),
    });
    expectEnvelope(answer, 413, 1413, /64 KB/);
  });

  it('an unknown endpoint or method: HTTP 404 with code 1404', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/nope'],
      ['DELETE', '/v1/payments'],
      ['GET', '/v1'],
      ['GET', '/v1/'],
      ['GET', '/v1/assets/app.js'],
    ]) {
      expectEnvelope(await call(`${core.url}${path}`, { method }), 404, 1404, /No such endpoint/);
    }
  });

  it('keeps the parameter code for a body that is not JSON', async () => {
    const answer = await call(`${core.url}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"orderId": ',
    });
    expectEnvelope(answer, 400, 10011, /body/);
  });
});

describe('a full disk', () => {
  const SECRET = 'SECRET-disk-full-91b2';
  const lines: string[] = [];
  const logger: Logger = {
    debug: (msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })),
    info: (msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })),
    warn: (msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })),
    error: (msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })),
    child: () => logger,
  };
  let db: Db;
  let gateway: Gateway;
  let app: FastifyInstance;
  let url = '';

  beforeAll(async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
    db = openGatewayDb(join(tempDataDir('pd-full-'), 'gateway.db'));
    gateway = createGateway({
      db,
      clock,
      logger,
      mode: 'sandbox',
      version: 'test',
      ids: randomIds,
      merchantKey: 'k'.repeat(43),
      origin: () => url,
      schedulerMs: 60_000,
    });
    // Wired as compose.ts wires the gateway's HTTP surface.
    app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
    installBodyParsers(app);
    installErrorEnvelope(app, { clock, logger });
    gateway.registerRoutes(app);
    installNotFound(app, clock);
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
    db.close();
  });

  it('answers HTTP 507 with code -1 and says storage is full; reads still work; the log keeps no callback secret', async () => {
    const first = await call(`${url}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        payeeId: SHOP,
        orderId: 'full-000000',
        quoteAssetId: 'usd',
        quoteAmount: '5',
        paymentAssetId: USDT,
      }),
    });
    expect(first.body.success).toBe(true);
    // SQLite's own limit on the file's size: the next page it needs cannot be had, as on a full disk.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    // A write of its own transaction (payee registration), with a callback URL's secret in the query string.
    const register = (n: number) =>
      call(
        `${url}/v1/sandbox/users?${new URLSearchParams({ callbackUrl: `https://shop.example/cb?token=${SECRET}` })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ networkId: String(9_000_000 + n), fullName: `Shop number ${n} `.padEnd(64, 'x') }),
        },
      );
    let answer: Answer = first;
    for (let n = 1; n < 5000 && answer.body.success === true; n++) answer = await register(n);
    expectEnvelope(answer, 507, -1, /storage is full/i);
    const read = await call(`${url}/v1/payments_result?traceId=${first.body.data.traceId}`);
    expect(read.body).toMatchObject({ success: true, data: { status: 'unpaid' } });
    expect(lines.some((line) => line.includes('storage is full'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
    // Creates go through the group commit, which SQLite's rollback must not confuse: 507 too, nothing stored.
    let create: Answer = answer;
    for (let n = 1; n < 2000; n++) {
      create = await call(`${url}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          payeeId: SHOP,
          orderId: `full-${String(n).padStart(6, '0')}`,
          quoteAssetId: 'usd',
          quoteAmount: '5',
          paymentAssetId: USDT,
        }),
      });
      if (!create.body.success) break;
    }
    expectEnvelope(create, 507, -1, /storage is full/i);
    expect(db.inTransaction).toBe(false);
  });
});
