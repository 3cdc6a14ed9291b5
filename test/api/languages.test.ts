/**
 * The shop's language over the PosApi (README "Languages"): a Setup choice stored in the settings,
 * English by default from the locale, refused when it is none of ours; it drives the paper receipt,
 * the printer's test page and the payer's receipt page (namespace `paper`), and is the payer pages'
 * fallback language (meta paydesk-shop-language).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';
import { v1 } from '../helpers/qr.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';

describe("the shop's language", () => {
  let host: HostProcess;
  let pos: PosHttp;
  let orderId = '';
  const device = join(tempDataDir('pd-lang-'), 'lp0');

  beforeAll(async () => {
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    pos = await posOverHttp(host);
    await staffedTill(pos);
    const order = await pos.call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '1234.50',
      paymentAssetId: USDT,
      isChain: false,
    });
    orderId = order.orderId;
    await pos.call('sandbox.payInFull', { orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    for (let i = 0; i < 80 && (await pos.call('order.get', { orderId })).status !== 'success'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(device, '');
    await pos.call('printer.save', { target: device, columns: 42, drawerAfterCash: false });
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
  });

  const printed = async (): Promise<string> => {
    writeFileSync(device, '');
    await pos.call('receipt.print', { orderId });
    return readFileSync(device).toString('latin1');
  };
  const receiptLink = (paper: string): string => /http:\/\/127\.0\.0\.2:\d+\/receipt\/[\w.-]+/.exec(paper)![0];

  it('is English by default (from the locale en-US), and only one of ours is taken', async () => {
    expect((await pos.call('settings.get')).language).toBe('en');
    const refused = await pos.send('settings.save', { language: 'xx' } as never);
    expect(refused.error?.code).toBe('invalid_args');
    const paper = await printed();
    expect(paper).toContain('Receipt');
    expect(paper).toContain('Thank you!');
    expect(paper).toContain('1,234.50 USD');
    const page = await (await fetch(receiptLink(paper))).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Receipt: Corner Café (demo shop)</title>');
  });

  it('German chosen in Setup: the paper, the receipt page and the payer pages follow', async () => {
    await pos.call('settings.save', { language: 'de', locale: 'de-DE' });
    expect((await pos.call('settings.get')).language).toBe('de');
    const paper = await printed();
    expect(paper).toContain('Beleg');
    expect(paper).toContain('Vielen Dank!');
    expect(paper).toContain('Bestellung');
    expect(paper).toContain('1.234,50 USD'); // the locale's grouping and decimal sign
    expect(paper).not.toContain('Thank you!');
    const page = await (await fetch(receiptLink(paper))).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<title>Beleg: Corner Café (demo shop)</title>');
    expect(page).toContain('<dt>Summe</dt><dd>1.234,50 USD</dd>');
    expect(page).toContain('<p>Vielen Dank!</p>');
    writeFileSync(device, '');
    await pos.call('printer.test');
    expect(readFileSync(device).toString('latin1')).toContain('Paydesk-Druckertest');
    const code = await v1(host.url, '/v1/one_time_payment', {
      payeeId: SHOP,
      quoteAssetId: 'usd',
      quoteAmount: '3',
      expireSeconds: 3600,
    });
    const checkout = await (await fetch(code.info.checkoutUrl)).text();
    expect(checkout).toContain('<meta name="paydesk-shop-language" content="de" />');
  });

  it('a chosen language stays when the locale changes', async () => {
    await pos.call('settings.save', { locale: 'ja-JP' });
    expect((await pos.call('settings.get')).language).toBe('de');
  });

  it('Japanese: the receipt page in Japanese, the paper in English (ESC/POS code pages have no CJK)', async () => {
    await pos.call('settings.save', { language: 'ja' });
    const paper = await printed();
    expect(paper).toContain('Thank you!');
    expect(paper).not.toMatch(/\?{3}/); // what the encoder prints for characters it has no code page for
    const page = await (await fetch(receiptLink(paper))).text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain('ありがとうございました！');
  });
});
