/**
 * The rate used is kept with every payment and shown where the owner and the accountant read it
 * (README "Price sources"): the order's progress (receipt), the owner's payment detail and the CSV
 * show the price, its source and time, and the value received at that price in the quote currency.
 * In a sandbox the owner's price sources say where prices come from and refuse a configuration.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../electron/till/owner/csv.js';
import { ETH, startGateway, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
});
afterAll(() => gw.close());

describe('the rate used', () => {
  it('is on the order, the owner payment detail and the CSV, with the value received', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '32',
      paymentAssetId: ETH,
      isChain: false,
    });
    await call('sandbox.payInFull', { orderId: order.orderId });
    const rate = { price: '3200', source: 'ETH bundled', receivedQuoteAmount: '32' };
    await expect
      .poll(async () => (await call('order.get', { orderId: order.orderId })).progress?.rate, { timeout: 5000 })
      .toMatchObject(rate);
    const detail = await call('owner.order', { orderId: order.orderId });
    expect(detail.order.progress.rate).toMatchObject(rate);
    expect(detail.order.progress.rate.at).toBeGreaterThan(0);
    const day = (await call('owner.day')).day;
    const rows: string[][] = parse((await call('owner.export', { from: day, to: day })).csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const record = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows.find((r) => r[0] === order.orderId)![i]]));
    expect(record).toMatchObject({ price: '3200', price_source: 'ETH bundled', received_quote_value: '32' });
    expect(record.price_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });
});

describe("the owner's price sources in a sandbox", () => {
  it('say the sandbox quotes bundled prices, and a save is refused naming the reason', async () => {
    const view = await call('owner.prices');
    expect(view).toMatchObject({ available: false, sources: [] });
    expect(view.reason).toMatch(/bundled prices/);
    await expect(call('owner.savePrices', { config: { sources: [] } })).rejects.toMatchObject({
      code: 'invalid_args',
      message: expect.stringMatching(/price sources apply in live mode/),
    });
  });
});
