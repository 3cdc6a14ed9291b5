/**
 * The customer display's cart and tip question over real HTTP (README, "Customer display"): the cart
 * rung up appears on the display's feed; the tip question is answered on the display with its own
 * token at POST /display/tip, once, within bounds; the display token reaches no PosApi command, and
 * the route takes nothing but the answer to the question that is open.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { DisplayView } from '../../shared/posapi-display.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';
import { posOverHttp, type PosHttp } from '../helpers/pos-http.js';

let core: Core;
let pos: PosHttp;
let displayToken = '';
const views: DisplayView[] = [];
const feed = new AbortController();

const CART = {
  lines: [
    { name: 'Coffee', unitPrice: '3.50', quantity: 2, taxRate: '10' },
    { name: 'Cake', unitPrice: '3.00', quantity: 1, taxRate: '0', discount: { kind: 'amount', value: '0.50' } },
  ],
};

async function answer(body: unknown, token = displayToken) {
  const response = await fetch(`${core.url}/display/tip`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paydesk-display-token': token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: { field?: string } } };
}

/** Reads the display's event stream in the background, as the page does. */
async function watchDisplay(): Promise<void> {
  const response = await fetch(`${core.url}/display/events?token=${displayToken}`, { signal: feed.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (chunk.startsWith('data: ')) views.push(JSON.parse(chunk.slice(6)) as DisplayView);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await expect.poll(() => views.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  core = await startCore({
    dataDir: tempDataDir('pd-display-tip-'),
    shell: 'host',
    port: 0,
    logger: silentLogger,
    httpBridge: true,
    rendererDir: join(repoRoot, 'dist', 'renderer'),
    payerPagesDir: join(repoRoot, 'dist', 'renderer'),
  });
  pos = await posOverHttp(core);
  await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468', shopName: 'Corner Café' });
  await pos.call('sales.saveSettings', { tipsEnabled: true, tipPresets: ['10', '15'], discountLimit: '20' });
  const html = await (await fetch(`${core.url}/display/`)).text();
  displayToken = /name="paydesk-display-token" content="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
  expect(displayToken).toMatch(/^[0-9a-f]{64}$/);
}, 30_000);
afterAll(async () => {
  feed.abort();
  await core?.close();
});

describe('the cart and the tip on the customer display', () => {
  it('asks on the display only when one watches', async () => {
    const asked = await pos.call('display.askTip', { cart: CART });
    expect(asked.displays).toBe(0);
    await pos.call('display.endTip', { questionId: asked.questionId });
    await watchDisplay();
    expect((await pos.call('display.cart', { cart: null })).displays).toBe(1);
  });

  it('shows the cart as rung up: lines, discount, tax and total', async () => {
    await pos.call('display.cart', { cart: CART });
    await expect.poll(() => views.at(-1)?.cart?.lines.length).toBe(2);
    const cart = views.at(-1)!.cart!;
    // 7.00 + tax 0.70 + (3.00 - 0.50) = 10.20 (tax added)
    expect(cart).toMatchObject({ stage: 'ringing', discountTotal: '0.5', taxTotal: '0.7', total: '10.2' });
    expect(cart.lines[1]).toMatchObject({ name: 'Cake', quantity: 1, discount: '0.5', total: '2.5' });
  });

  it('the display answers the open question once; the cashier reads the answer', async () => {
    const { questionId, displays } = await pos.call('display.askTip', { cart: CART });
    expect(displays).toBe(1);
    await expect.poll(() => views.at(-1)?.tip?.questionId).toBe(questionId);
    const question = views.at(-1)!.tip!;
    expect(question.presets).toEqual([
      { percent: '10', amount: '1.02' },
      { percent: '15', amount: '1.53' },
    ]);
    expect(question.maxAmount).toBe('10.2');
    expect((await pos.call('display.tip', { questionId })).status).toBe('open');

    expect((await answer({ questionId, tip: { kind: 'percent', value: '15' } })).status).toBe(200);
    expect(await pos.call('display.tip', { questionId })).toEqual({
      questionId,
      status: 'answered',
      tip: { kind: 'percent', value: '15' },
    });
    await expect.poll(() => views.at(-1)?.tip).toBeNull();
    // Twice: refused, and the first answer stands.
    expect((await answer({ questionId, tip: { kind: 'none' } })).status).toBe(409);
    expect((await pos.call('display.tip', { questionId })).tip).toEqual({ kind: 'percent', value: '15' });
  });

  it('refuses answers to a question that is not open, or was ended by the cashier', async () => {
    expect((await answer({ questionId: 'tq-000000000abc', tip: { kind: 'none' } })).status).toBe(409);
    const { questionId } = await pos.call('display.askTip', { cart: CART });
    expect((await pos.call('display.endTip', { questionId })).status).toBe('ended');
    expect((await answer({ questionId, tip: { kind: 'none' } })).status).toBe(409);
  });

  it('refuses answers out of bounds, naming the field, and the question stays open', async () => {
    const { questionId } = await pos.call('display.askTip', { cart: CART });
    const tooMuch = await answer({ questionId, tip: { kind: 'amount', value: '1000' } });
    expect(tooMuch).toMatchObject({ status: 400, body: { ok: false, error: { field: 'tip' } } });
    expect((await answer({ questionId, tip: { kind: 'amount', value: '1.999' } })).status).toBe(400);
    expect((await answer({ questionId, tip: { kind: 'percent', value: '50' } })).status).toBe(400);
    expect((await answer({ questionId, tip: { kind: 'amount', value: '-1' } })).body.error?.field).toBe('tip.value');
    expect((await answer({ questionId, tip: { kind: 'none' }, extra: 1 })).status).toBe(400);
    expect((await pos.call('display.tip', { questionId })).status).toBe('open');
    expect((await answer({ questionId, tip: { kind: 'amount', value: '2.00' } })).status).toBe(200);
  });

  it('the display token reaches no PosApi command, and the PosApi token does not answer for the display', async () => {
    const { questionId } = await pos.call('display.askTip', { cart: CART });
    for (const command of ['display.endTip', 'display.tip', 'sale.checkout', 'settings.get', 'order.list']) {
      const response = await fetch(`${core.url}/pos/call/${command}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${displayToken}` },
        body: JSON.stringify({ questionId }),
      });
      expect(response.status, command).toBe(401);
    }
    expect((await answer({ questionId, tip: { kind: 'none' } }, pos.token)).status).toBe(401);
    expect((await answer({ questionId, tip: { kind: 'none' } }, '')).status).toBe(401);
    expect((await pos.call('display.tip', { questionId })).status).toBe('open');
  });

  it('a cash sale ends on the display with the change; the tip chosen flows into the sale', async () => {
    const sale = await pos.call('sale.checkout', {
      cart: { ...CART, tip: { kind: 'percent', value: '10' } },
      cash: { amount: '11.22', tendered: '20' },
    });
    expect(sale.priced).toMatchObject({ tip: '1.02', total: '11.22' });
    await expect.poll(() => views.at(-1)?.cart?.stage).toBe('paid');
    expect(views.at(-1)!.cart).toMatchObject({ paidCash: '11.22', change: '8.78', tip: '1.02' });
    // The cashier's cart emptied after the sale does not take the thank-you away.
    await pos.call('display.cart', { cart: null });
    expect(views.at(-1)!.cart?.stage).toBe('paid');
  });

  it('is rate limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await answer({ questionId: 'tq-000000000abc', tip: { kind: 'none' } })).status);
    expect(statuses).toContain(429);
  });
});
