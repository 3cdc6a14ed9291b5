/**
 * The main process's bundled catalogues (shared/i18n/bundled.ts), behind window titles and paper text:
 * a language's own text, English for a key its catalogue lacks, `{name}` placeholders filled and an
 * unknown placeholder left as written.
 */
import { describe, expect, it } from 'vitest';
import { bundledText } from '../../shared/i18n/bundled.js';
import { paperText } from '../../shared/i18n/paper.js';
import { windowTitle } from '../../shared/i18n/main.js';

describe('bundled catalogues', () => {
  it("answers the language's own text, placeholders filled", () => {
    const paper = bundledText('paper', { receiptTitle: 'Receipt: {shop}' });
    expect(paper('en', 'receiptTitle', { shop: 'Corner Café' })).toBe('Receipt: Corner Café');
    expect(paper('de', 'receiptTitle', { shop: 'Corner Café' })).toBe(
      paperText('de', 'receiptTitle', { shop: 'Corner Café' }),
    );
    expect(paper('de', 'receiptTitle', { shop: 'Corner Café' })).not.toBe('Receipt: Corner Café');
    expect(paper('de', 'receiptTitle', { shop: 'Corner Café' })).toContain('Corner Café');
  });
  it('falls back to English for a key a catalogue lacks, and leaves unknown placeholders', () => {
    const main = bundledText('main', { notInAnyCatalogue: 'Only {what} in English {other}' });
    expect(main('ja', 'notInAnyCatalogue', { what: 'this' })).toBe('Only this in English {other}');
    expect(windowTitle('fr', 'tillWindow')).toBe('Paydesk');
  });
});
