/**
 * The customer display after a restart in the middle of a sale (README, "Customer display"): the till
 * starts again on the same data directory and the display's feed shows the sale still open in till.db,
 * with its whole cart (lines, cash already paid), not an empty welcome. Real SQLite file, real HTTP.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { DisplayView } from '../../shared/posapi-display.js';
import { USDT } from '../helpers/gateway.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';
import { posOverHttp } from '../helpers/pos-http.js';

const cores: Core[] = [];
const dataDir = tempDataDir('pd-display-restart-');

async function start(dir = dataDir): Promise<Core> {
  const core = await startCore({
    dataDir: dir,
    shell: 'host',
    port: 0,
    logger: silentLogger,
    httpBridge: true,
    rendererDir: join(repoRoot, 'dist', 'renderer'),
    payerPagesDir: join(repoRoot, 'dist', 'renderer'),
  });
  cores.push(core);
  return core;
}

/** The first view the display's event stream sends (as the page reads it on opening). */
async function firstView(core: Core): Promise<DisplayView> {
  const html = await (await fetch(`${core.url}/display/`)).text();
  const token = /name="paydesk-display-token" content="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
  const abort = new AbortController();
  const response = await fetch(`${core.url}/display/events?token=${token}`, { signal: abort.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!buffer.includes('\n\n')) buffer += decoder.decode((await reader.read()).value, { stream: true });
  } finally {
    abort.abort();
  }
  return JSON.parse(buffer.slice(buffer.indexOf('data: ') + 6, buffer.indexOf('\n\n'))) as DisplayView;
}

afterAll(async () => {
  for (const core of cores) await core.close().catch(() => undefined);
});

describe('the customer display after a restart', () => {
  it('shows the sale still open in till.db, with its whole cart', async () => {
    const first = await start();
    const pos = await posOverHttp(first);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468', shopName: 'Corner Café' });
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [{ name: 'Coffee', unitPrice: '3.50', quantity: 2, taxRate: '0' }] },
      cash: { amount: '2', tendered: '2' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    expect(sale.status).toBe('open');
    expect((await firstView(first)).sale?.saleKey).toBe(sale.orderId);
    await first.close();

    const again = await start();
    const view = await firstView(again);
    expect(view.sale).toMatchObject({ saleKey: sale.orderId, quoteAmount: '5', status: 'unpaid' });
    expect(view.sale?.instruction?.paymentUri).toBeTruthy();
    expect(view.sale?.whole).toMatchObject({ total: '7', paidCash: '2' });
    expect(view.sale?.whole?.lines).toEqual([expect.objectContaining({ name: 'Coffee', quantity: 2 })]);

    // Once it ended, the next start has no open sale: the display welcomes.
    const pos2 = await posOverHttp(again);
    await pos2.signIn('owner', '2468');
    await pos2.call('order.abandon', { orderId: sale.orderId });
    await again.close();
    const third = await start();
    expect((await firstView(third)).sale).toBeNull();
  });

  it('shows an on-chain sale exactly as before: network, wallet words, the same QR payload', async () => {
    const chainDir = tempDataDir('pd-display-restart-chain-');
    const first = await start(chainDir);
    const pos = await posOverHttp(first);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468', shopName: 'Corner Café' });
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [{ name: 'Tea', unitPrice: '4', quantity: 1, taxRate: '0' }] },
      crypto: { paymentAssetId: USDT, isChain: true },
    });
    expect(sale.status).toBe('open');
    const before = (await firstView(first)).sale;
    expect(before?.saleKey).toBe(sale.orderId);
    // What the payer saw before the restart: an EIP-681 transfer of the token on Ethereum.
    expect(before?.instruction?.network).toBe('Ethereum');
    expect(before?.instruction?.paymentUri).toMatch(
      /^ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1\/transfer\?/,
    );
    await first.close();

    const again = await start(chainDir);
    const after = (await firstView(again)).sale;
    expect(after?.saleKey).toBe(sale.orderId);
    expect(after?.instruction).toEqual(before?.instruction);
    expect(after).toMatchObject({
      status: before?.status,
      remainingAmount: before?.remainingAmount,
      payableAmount: before?.payableAmount,
      payBy: before?.payBy,
    });
    const pos2 = await posOverHttp(again);
    await pos2.signIn('owner', '2468');
    await pos2.call('order.abandon', { orderId: sale.orderId });
    await again.close();
  });
});
