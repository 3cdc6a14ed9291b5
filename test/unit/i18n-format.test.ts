/**
 * Money and dates per language (README "Languages"): amounts stay decimal strings, their signs come
 * from Intl for the language's locale; the matching of a browser's wishes; the paper namespace.
 */
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../shared/i18n/format.js';
import { languageFromLocale, LANGUAGES, localeOf, matchLanguage } from '../../shared/i18n/languages.js';
import { paperText } from '../../shared/i18n/paper.js';
import { receiptFacts } from '../../electron/till/printing/receipt-facts.js';
import type { OrderView } from '../../shared/posapi.js';

const NNBSP = '\u202f';

describe('formatAmount per language', () => {
  const cases: [string, string, string][] = [
    ['en', '1234.50', '1,234.50'],
    ['de', '1234.50', '1.234,50'],
    ['fr', '1234.50', `1${NNBSP}234,50`],
    ['es', '1234.50', '1234,50'], // Spanish groups from five digits
    ['es', '12345.50', '12.345,50'],
    ['pt-BR', '1234567.5', '1.234.567,5'],
    ['zh-CN', '1234.50', '1,234.50'],
    ['ja', '1234.50', '1,234.50'],
    ['tr', '1234.50', '1.234,50'],
  ];
  for (const [language, amount, shown] of cases) {
    it(`${language}: ${amount} -> ${shown}`, () => {
      expect(formatAmount(amount, localeOf(language as never))).toBe(shown);
    });
  }

  it('keeps every digit of long amounts and the string as written when it is no number', () => {
    expect(formatAmount('123456789012345678.123456789012345678', 'de-DE')).toBe(
      '123.456.789.012.345.678,123456789012345678',
    );
    expect(formatAmount('-0.000000001', 'fr-FR')).toBe('-0,000000001');
    expect(formatAmount('12.5', 'ja-JP')).toBe('12.5');
    expect(formatAmount('1e3', 'de-DE')).toBe('1e3');
  });

  it('writes dates in the language: month names and order of each', () => {
    const when = Date.UTC(2026, 2, 14, 15, 30);
    const date = (language: string) =>
      new Intl.DateTimeFormat(localeOf(language as never), { timeZone: 'UTC', dateStyle: 'long' }).format(when);
    expect(date('en')).toBe('March 14, 2026');
    expect(date('de')).toBe('14. März 2026');
    expect(date('fr')).toBe('14 mars 2026');
    expect(date('es')).toBe('14 de marzo de 2026');
    expect(date('pt-BR')).toBe('14 de março de 2026');
    expect(date('ja')).toBe('2026年3月14日');
    expect(date('zh-CN')).toBe('2026年3月14日');
    expect(date('tr')).toBe('14 Mart 2026');
  });
});

describe('matching a language', () => {
  it('takes the first wish one of ours answers, exactly or by base language', () => {
    expect(matchLanguage(['ja-JP', 'en'])).toBe('ja');
    expect(matchLanguage(['nl-NL', 'es-MX', 'en'])).toBe('es');
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR');
    expect(matchLanguage(['zh-Hans-CN'])).toBe('zh-CN');
    expect(matchLanguage(['pt-br'])).toBe('pt-BR');
    expect(matchLanguage(['nl', 'sv'])).toBeUndefined();
    expect(languageFromLocale('de-AT')).toBe('de');
    expect(languageFromLocale('nl-NL')).toBe('en');
  });

  it('names every language in itself', () => {
    expect(LANGUAGES.map((l) => l.name)).toEqual([
      'English',
      'Español',
      'Português (Brasil)',
      'Français',
      'Deutsch',
      '简体中文',
      '日本語',
      'Türkçe',
    ]);
  });
});

describe('the paper namespace', () => {
  it('says the receipt in the shop language, amounts and date in its locale', () => {
    const order = {
      orderId: 'o-1',
      quoteAmount: '1234.5',
      quoteSymbol: 'EUR',
      updatedAt: Date.UTC(2026, 2, 14, 15, 30),
      instruction: { paymentAmount: '1234.5', paymentSymbol: 'USDT', network: 'Tron', isChain: true },
      progress: null,
    } as unknown as OrderView;
    const facts = receiptFacts(order, 'Café', 'de-DE', 'UTC', false, 'de');
    expect(facts.lines.map((l) => l.label)).toEqual(['Datum', 'Bestellung', 'Summe', 'Bezahlt', 'Netzwerk', 'Status']);
    expect(facts.lines[2]!.value).toBe('1.234,50 EUR');
    expect(facts.lines[0]!.value).toBe('14.03.2026, 15:30');
    expect(receiptFacts(order, 'Café', 'en-US', 'UTC').lines[0]!.label).toBe('Date');
    expect(paperText('ja', 'thankYou')).toBe('ありがとうございました！');
    expect(paperText('fr', 'walletTransfer', { network: 'Mixin' })).toBe('Mixin (virement de portefeuille)');
  });
});
