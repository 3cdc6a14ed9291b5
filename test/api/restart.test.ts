/**
 * Crash safety of due work: the host is killed with SIGKILL while a deadline, a settlement and a
 * one-time code's expiry are pending. After a restart on the same data directory each is
 * processed, and every result equals that of a twin host that was never killed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startHost, type HostProcess } from '../helpers/host.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const running: HostProcess[] = [];
afterAll(async () => {
  for (const host of running) await host.stop('SIGKILL');
});

async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  key?: string,
): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { success: boolean; data: any; message: string };
  if (!answer.success) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

/** The same story on any host: three kinds of due work, all due about 12 s from now. */
async function setUp(host: HostProcess): Promise<Record<string, string>> {
  const { readFileSync } = await import('node:fs');
  const key = readFileSync(`${host.dataDir}/merchant-key`, 'utf8').trim();
  await call(host.url, 'POST', '/v1/merchant/settings', { sandboxSettlementSeconds: 12 }, key);
  const order = (name: string) => `${name}-${host.url.split(':').at(-1)}`;
  const overdue = await call(host.url, 'POST', '/v1/payments', {
    payeeId: SHOP,
    orderId: order('overdue'),
    quoteAssetId: 'usd',
    quoteAmount: '3',
    paymentAssetId: USDT,
    expireSeconds: 11,
  });
  const short = await call(host.url, 'POST', '/v1/payments', {
    payeeId: SHOP,
    orderId: order('short'),
    quoteAssetId: 'usd',
    quoteAmount: '3',
    paymentAssetId: USDT,
    expireSeconds: 11,
  });
  await call(host.url, 'POST', '/v1/sandbox/transfers', {
    recipient: short.recipient,
    asset: USDT,
    amount: '1',
    trace: crypto.randomUUID(),
    memo: short.memo,
  });
  const paid = await call(host.url, 'POST', '/v1/payments', {
    payeeId: SHOP,
    orderId: order('paid'),
    quoteAssetId: 'usd',
    quoteAmount: '3',
    paymentAssetId: USDT,
  });
  await call(host.url, 'POST', '/v1/sandbox/transfers', {
    recipient: paid.recipient,
    asset: USDT,
    amount: paid.paymentAmount,
    trace: crypto.randomUUID(),
    memo: paid.memo,
  });
  const code = await call(host.url, 'POST', '/v1/one_time_payment', {
    payeeId: SHOP,
    orderId: order('code'),
    quoteAssetId: 'usd',
    quoteAmount: '3',
    expireSeconds: 11,
    callbackUrl: 'https://shop.example/hook',
  });
  return { overdue: overdue.traceId, short: short.traceId, paid: paid.traceId, code: code.code };
}

async function outcomes(host: HostProcess, traces: Record<string, string>) {
  const view: Record<string, unknown> = {};
  for (const [name, traceId] of Object.entries(traces)) {
    const result = await call(host.url, 'GET', `/v1/payments_result?traceId=${traceId}`);
    view[name] = {
      status: result.status,
      failureCode: result.failureCode,
      settleStatus: result.settleStatus,
      paymentAmount: result.paymentAmount,
    };
  }
  return view;
}

describe('restart after SIGKILL', () => {
  it('processes the deadlines, settlements and code expiry that fell due while it was down, as if it never crashed', async () => {
    const crashing = await startHost();
    const twin = await startHost();
    running.push(twin);
    const crashTraces = await setUp(crashing);
    const twinTraces = await setUp(twin);
    const before = await outcomes(crashing, crashTraces);
    expect(before).toMatchObject({
      overdue: { status: 'unpaid' },
      short: { status: 'paid_less' },
      paid: { status: 'pending' },
      code: { status: 'unpaid' },
    });

    await crashing.stop('SIGKILL');
    // Everything falls due while the host is down.
    await new Promise((resolve) => setTimeout(resolve, 13_000));

    const restarted = await startHost({ dataDir: crashing.dataDir });
    running.push(restarted);
    // Processed at start, before the first request is answered.
    const after = await outcomes(restarted, crashTraces);
    expect(after).toEqual({
      overdue: { status: 'failed', failureCode: '40000', settleStatus: '', paymentAmount: '0' },
      short: { status: 'failed', failureCode: '40024', settleStatus: '', paymentAmount: '1' },
      paid: {
        status: 'success',
        failureCode: '0',
        settleStatus: 'success',
        paymentAmount: (after.paid as any).paymentAmount,
      },
      code: { status: 'failed', failureCode: '40000', settleStatus: '', paymentAmount: '' },
    });
    await new Promise((resolve) => setTimeout(resolve, 600)); // the twin's scheduler ticks every 250 ms
    expect(await outcomes(twin, twinTraces)).toEqual(after);

    // The sandbox clock's offset survives a crash too.
    await call(restarted.url, 'POST', '/v1/sandbox/clock', { advanceSeconds: 3600 });
    await restarted.stop('SIGKILL');
    const again = await startHost({ dataDir: crashing.dataDir });
    running.push(again);
    const { nowMs } = await call(again.url, 'GET', '/v1/sandbox/clock');
    expect(nowMs - Date.now()).toBeGreaterThanOrEqual(3600_000 - 5_000);
  }, 60_000);
});
