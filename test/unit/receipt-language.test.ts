/**
 * The payer's receipt in the shop's language (tester's report): "Served by", the date and the total
 * as Spanish writes them, the total to the currency's minor unit, even when the till's locale is en-US.
 */
import { describe, expect, it } from 'vitest';
import { receiptFacts } from '../../electron/till/printing/receipt-facts.js';
import type { OrderView } from '../../shared/posapi.js';

const order = {
  orderId: 'o-1',
  quoteAmount: '1234.5',
  quoteSymbol: 'EUR',
  updatedAt: Date.UTC(2026, 10, 25, 4, 39),
  cashierName: 'Ana',
} as OrderView;

describe('the payer receipt facts', () => {
  it('in Spanish: labels, date and total to the minor unit', () => {
    const facts = receiptFacts(order, 'Café', 'en-US', 'UTC', false, 'es');
    const value = (label: string) => facts.lines.find((line) => line.label === label)?.value;
    expect(value('Atendido por')).toBe('Ana');
    expect(facts.lines.map((line) => line.label)).not.toContain('Served by');
    expect(value('Total')).toMatch(/^1\.?234,50 EUR$/);
    expect(value('Fecha')).toMatch(/nov/);
    expect(value('Fecha')).not.toMatch(/Nov|AM|PM/);
  });

  it('in English: the same facts the English way', () => {
    const facts = receiptFacts(order, 'Café', 'en-US', 'UTC', false, 'en');
    expect(facts.lines.find((line) => line.label === 'Total')?.value).toBe('1,234.50 EUR');
    expect(facts.lines.find((line) => line.label === 'Served by')?.value).toBe('Ana');
  });
});
