/**
 * A callback URL may carry a secret in its query (`?token=...`, as many shop plugins do): the logs
 * (paydesk.log, stderr) must never hold it. Real HTTP, a real endpoint that refuses connections,
 * every one of the 9 attempts made on the sandbox clock, and a logger that keeps every line.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Logger } from '../../electron/platform/logger.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { tempDataDir } from '../helpers/host.js';

const SECRET = 'SECRET-7f3a9c2e';
const lines: string[] = [];

/** Keeps every log line as the real logger would write it (JSON with the bindings). */
function capturingLogger(bindings: Record<string, unknown> = {}): Logger {
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push(JSON.stringify({ level, msg, ...bindings, ...fields }));
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => capturingLogger({ ...bindings, ...more }),
  };
}

/** A loopback port nobody listens on: every attempt fails at once (connection refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let core: Core;
const clock = new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0));

beforeAll(async () => {
  core = await startCore({
    dataDir: tempDataDir('pd-cblog-'),
    shell: 'host',
    port: 0,
    logger: capturingLogger(),
    clock,
  });
});
afterAll(() => core.close());

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${core.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return (await response.json()) as { success: boolean; data: any };
};

describe('callback URLs in the logs', () => {
  it('logs the origin and path of a failing callback URL, never its query', async () => {
    const port = await closedPort();
    const callbackUrl = `https://127.0.0.1:${port}/shop/cb?token=${SECRET}&order=1`;
    const payment = (
      await post('/v1/payments', {
        payeeId: SHOP,
        orderId: 'cblog-0001',
        quoteAssetId: 'usd',
        quoteAmount: '3',
        paymentAssetId: USDT,
        callbackUrl,
        callbackEvent: 'pending',
      })
    ).data;
    await post('/v1/sandbox/transfers', {
      recipient: payment.recipient,
      asset: USDT,
      amount: '3',
      trace: randomUUID(),
      memo: payment.memo,
    });
    await post('/v1/sandbox/clock', { advanceSeconds: 10 }); // settled: success

    // Every retry falls due within 2 h of sandbox time; move on until both deliveries are exhausted.
    let exhausted = 0;
    for (let round = 0; round < 200 && exhausted < 2; round++) {
      await post('/v1/sandbox/clock', { advanceSeconds: 900 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      exhausted = lines.filter((line) => line.includes('callback exhausted')).length;
    }
    expect(exhausted).toBe(2);
    const logged = lines
      .filter((line) => line.includes('callback exhausted'))
      .map((line) => JSON.parse(line) as { url: string });
    expect(logged.map((l) => l.url)).toEqual([
      `https://127.0.0.1:${port}/shop/cb`,
      `https://127.0.0.1:${port}/shop/cb`,
    ]);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain('token=');
  });
});
