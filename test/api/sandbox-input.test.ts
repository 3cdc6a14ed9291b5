/**
 * Sandbox routes over real HTTP on the sandbox's own movable clock (OffsetClock, as the app runs):
 * input the routes cannot use is a 10011 naming the parameter, never a crash (500) and never a
 * silent default.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffsetClock, systemClock } from '../../electron/platform/clock.js';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
/** The sandbox offset as the clock reports it for persisting. */
let offsetMs = 0;

beforeAll(async () => {
  gw = await startGateway({ clock: new OffsetClock(0, systemClock, (offset) => (offsetMs = offset)) });
});
afterAll(() => gw.close());

function expectParamError(answer: { status: number; body: any }, param: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code: 10011, data: [] });
  expect(answer.status).toBe(400);
  expect(answer.body.message).toContain(param);
}

const height = async (network: string): Promise<number> =>
  ((await gw.get('/v1/sandbox/networks')).body.data as any[]).find((n) => n.network === network).height;

describe('POST /v1/sandbox/clock', () => {
  it('refuses a move shorter than the clock can make (0.0001 s was a 500 RangeError)', async () => {
    for (const advanceSeconds of ['0.0001', 0.0004, '0.0000001', 1e-7]) {
      expectParamError(await gw.post('/v1/sandbox/clock', { advanceSeconds }), 'advanceSeconds');
    }
    expect(offsetMs).toBe(0);
  });

  it('refuses JSON types that are not numbers, and more than ten years', async () => {
    for (const advanceSeconds of [{}, [], null, true, ' ', '1e3', String(10 * 365 * 86400 + 1)]) {
      expectParamError(await gw.post('/v1/sandbox/clock', { advanceSeconds }), 'advanceSeconds');
    }
  });

  it('moves by milliseconds when asked (0.001 s) and by whole seconds', async () => {
    const offset = offsetMs;
    expect((await gw.post('/v1/sandbox/clock', { advanceSeconds: '0.001' })).body.success).toBe(true);
    expect((await gw.post('/v1/sandbox/clock', { advanceSeconds: 2 })).body.success).toBe(true);
    expect(offsetMs - offset).toBe(2001);
  });
});

describe('POST /v1/sandbox/blocks', () => {
  it('refuses a count that is not a whole number from 1 to 10000 instead of mining one block', async () => {
    const before = await height('Bitcoin');
    for (const count of [{}, ['3'], '1.5', 0, -1, 10_001, 'many', true]) {
      expectParamError(await gw.post('/v1/sandbox/blocks', { network: 'Bitcoin', count }), 'count');
    }
    expect(await height('Bitcoin')).toBe(before);
    expect((await gw.post('/v1/sandbox/blocks', { network: 'Bitcoin', count: 2 })).body.data.height).toBe(before + 2);
    expect((await gw.post('/v1/sandbox/blocks', { network: 'Bitcoin' })).body.data.height).toBe(before + 3);
  });
});

describe('POST /v1/sandbox/transfers and deposits', () => {
  it('refuses amounts beyond the asset precision or 18 integer digits without crashing', async () => {
    const payment = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: 'sbx-000001',
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '5',
      })
    ).body.data;
    for (const amount of ['1.0000001', '1'.repeat(19), `0.${'0'.repeat(40)}1`]) {
      expectParamError(
        await gw.post('/v1/sandbox/transfers', {
          recipient: payment.recipient,
          asset: USDT,
          amount,
          trace: randomUUID(),
          memo: payment.memo,
        }),
        'amount',
      );
    }
    const chain = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: 'sbx-000002',
        paymentAssetId: BTC,
        quoteAssetId: 'usd',
        quoteAmount: '5',
        isChain: true,
      })
    ).body.data;
    for (const amount of ['0.000000001', '9'.repeat(400)]) {
      expectParamError(
        await gw.post('/v1/sandbox/deposits', { destination: chain.destination, tag: chain.tag, asset: BTC, amount }),
        'amount',
      );
    }
    expect(gw.count('transactions')).toBe(0);
  });
});
