/// <reference types="vite/client" />
/**
 * A lint-like scan (README "Languages"): no renderer component shows English written into it: JSX
 * text and the aria-label, title, placeholder and alt attributes come from the catalogues (t, pt, prt).
 * Allowed: the product's name, generics that look like text to the scan, URL placeholders.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../../renderer/**/*.tsx', { eager: true, query: '?raw', import: 'default' });
const ALLOWED = new Set(['Paydesk', 'Promise', 'https://', 'https://gateway.example']);

export function hardCoded(source: string): string[] {
  const found: string[] = [];
  for (const [, text = ''] of source.matchAll(/>([^<>{}]*)</g)) {
    const words = text.trim();
    if (/[A-Za-z]{2,}/.test(words) && !/[=;()]|&&|\|\|/.test(words) && !ALLOWED.has(words)) found.push(words);
  }
  for (const [, name, value = ''] of source.matchAll(/\b(aria-label|title|placeholder|alt)="([^"]*)"/g))
    if (/[A-Za-z]{2,}/.test(value) && !ALLOWED.has(value)) found.push(`${name}="${value}"`);
  return found;
}

describe('no hard-coded English in renderer components', () => {
  it('scans the components', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(40);
  });
  it('finds none', () => {
    const found = Object.entries(sources).flatMap(([path, source]) => hardCoded(source).map((w) => `${path}: ${w}`));
    expect(found).toEqual([]);
  });
  it('would find some', () => {
    expect(hardCoded('<p>Pay now</p><button aria-label="Close">{t("x")}</button>')).toEqual([
      'Pay now',
      'aria-label="Close"',
    ]);
    expect(hardCoded('<p>{t("payNow")}</p><h1>Paydesk</h1>')).toEqual([]);
  });
});
