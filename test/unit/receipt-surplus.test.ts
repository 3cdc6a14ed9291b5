/**
 * An overpayment on the payer's receipt (charge 7.5 USD, the payer sends 9.25 USDT): the paper and the
 * receipt page said "Paid 7.5 USDT", paid being capped at what was due, which is wrong for the payer's
 * records. Both now add what was received and how much more than due (docs/api.md, "Amounts and surplus":
 * paid + surplusAmount is what the payer sent), in the receipt's language and number format; an exact
 * payment adds nothing. A cart sale's crypto tender says it too, in its receipt's language.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { receiptBytes } from '../../electron/till/printing/escpos.js';
import { inPaperLanguage } from '../../electron/till/printing/paper-text.js';
import { receiptFacts } from '../../electron/till/printing/receipt-facts.js';
import { saleReceiptFacts } from '../../electron/till/printing/sale-facts.js';
import { ReceiptLinks, registerReceiptPage } from '../../electron/web/receipts.js';
import type { Language } from '../../shared/i18n/languages.js';
import type { OrderView } from '../../shared/posapi.js';
import type { SaleView } from '../../shared/posapi-sales.js';

function order(surplusAmount: string): OrderView {
  return {
    orderId: 'pd-20261127-0007',
    quoteAmount: '7.5',
    quoteSymbol: 'USD',
    status: 'success',
    updatedAt: Date.UTC(2026, 10, 27, 13, 0),
    cashierName: '',
    instruction: { paymentSymbol: 'USDT', paymentAmount: '7.5', network: 'Ethereum', isChain: false },
    progress: { paidAmount: '7.5', surplusAmount },
  } as OrderView;
}

const lineOf = (o: OrderView, language: Language, locale: string) =>
  receiptFacts(o, 'Corner Café', locale, 'UTC', false, language).lines;

describe('an overpayment on the payer’s receipt', () => {
  it('says what was received and how much more than due, under what was paid', () => {
    const lines = lineOf(order('1.75'), 'en', 'en-US');
    const paid = lines.findIndex((line) => line.label === 'Paid');
    expect(lines[paid]).toEqual({ label: 'Paid', value: '7.5 USDT' });
    expect(lines[paid + 1]).toEqual({ label: 'Received (1.75 USDT more than due)', value: '9.25 USDT' });
  });

  it('adds nothing when the payer sent exactly what was due', () => {
    for (const surplus of ['0', '']) {
      const labels = lineOf(order(surplus), 'en', 'en-US').map((line) => line.label);
      expect(labels).toContain('Paid');
      expect(labels.filter((label) => label.startsWith('Received'))).toEqual([]);
    }
  });

  it('in the receipt’s language and number format', () => {
    expect(lineOf(order('1.75'), 'de', 'en-US')).toContainEqual({
      label: 'Erhalten (1,75 USDT mehr als fällig)',
      value: '9,25 USDT',
    });
    expect(lineOf(order('1.75'), 'ja', 'ja-JP')).toContainEqual({
      label: '受領額（請求額より 1.75 USDT 多い）',
      value: '9.25 USDT',
    });
  });

  it('is printed on 58 mm paper: the words, then what was received to the right', () => {
    const facts = receiptFacts(order('1.75'), 'Corner Café', 'en-US', 'UTC', false, 'en');
    const bytes = receiptBytes(facts, { columns: 32, receiptUrl: '', openDrawer: false });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('Received (1.75 USDT more than');
    expect(text).toContain(`${' '.repeat(23)}9.25 USDT`);
  });

  it('is on the receipt page the payer opens from the QR, in the language they pick', async () => {
    const app = Fastify();
    const links = new ReceiptLinks('merchant-key');
    registerReceiptPage(app, {
      links,
      paidOrder: (orderId) => (orderId === 'pd-20261127-0007' ? order('1.75') : undefined),
      facts: (o, picked) => receiptFacts(o, 'Corner Café', 'en-US', 'UTC', false, picked ?? 'en'),
    });
    const url = `/receipt/${links.idFor('pd-20261127-0007')}`;
    const page = (await app.inject({ url })).body;
    expect(page).toContain('<dt>Paid</dt><dd>7.5 USDT</dd>');
    expect(page).toContain('<dt>Received (1.75 USDT more than due)</dt><dd>9.25 USDT</dd>');
    const french = (await app.inject({ url: `${url}?lang=fr` })).body;
    expect(french).toContain('<dt>Reçu (1,75 USDT de plus que le montant dû)</dt><dd>9,25 USDT</dd>');
    await app.close();
  });

  it('on a cart sale’s receipt, with the crypto tender, in the receipt’s language', () => {
    const sale = {
      saleId: 's-1',
      symbol: 'USD',
      status: 'paid',
      createdAt: 0,
      cashierName: '',
      priced: { lines: [], subtotal: '7.5', discountTotal: '0', taxes: [], tip: '0', saleTotal: '7.5', total: '7.5' },
      tenders: [{ kind: 'crypto', amount: '7.5', reference: 'pd-20261127-0007' }],
    } as unknown as SaleView;
    const shop = { shop: 'Café', address: '', taxId: '', locale: 'de-DE', timeZone: 'UTC', test: false, places: 2 };
    const facts = inPaperLanguage('de', () => saleReceiptFacts(sale, order('1.75'), shop));
    expect(facts.groups?.[2]).toEqual(
      expect.arrayContaining([
        { label: 'Bezahlt', value: '7.5 USDT' },
        { label: 'Erhalten (1.75 USDT mehr als fällig)', value: '9.25 USDT' },
      ]),
    );
  });
});
