/**
 * A shop server's till key at the till (README, "Tills and the shop server"): it goes where a merchant
 * key may go (HTTPS, or plain http to this computer), belongs to its URL (kept while the URL stays,
 * dropped when it changes, '' removes it), and never exists for the embedded gateway.
 */
import { describe, expect, it } from 'vitest';
import { tillKeyFor } from '../../electron/till/link/key-policy.js';
import { resolveGateway } from '../../electron/till/settings/save.js';

const KEY = `pdt_${'a'.repeat(43)}`;

describe('till keys at the till', () => {
  it('are sent only over HTTPS or to this computer, and never to the embedded gateway', () => {
    expect(tillKeyFor({ kind: 'hosted', baseUrl: 'https://shop.example', tillKey: KEY })).toBe(KEY);
    expect(tillKeyFor({ kind: 'hosted', baseUrl: 'http://127.0.0.1:8080', tillKey: KEY })).toBe(KEY);
    expect(tillKeyFor({ kind: 'hosted', baseUrl: 'http://shop.example', tillKey: KEY })).toBeUndefined();
    expect(tillKeyFor({ kind: 'hosted', baseUrl: 'https://shop.example' })).toBeUndefined();
    expect(tillKeyFor({ kind: 'embedded' })).toBeUndefined();
  });

  it('belong to their URL: kept, replaced, removed, dropped on a new URL, refused over plain http elsewhere', () => {
    const url = 'https://shop.example';
    const saved = resolveGateway({ kind: 'embedded' }, { kind: 'hosted', baseUrl: url, tillKey: KEY }, 'embedded');
    expect(saved).toEqual({ kind: 'hosted', baseUrl: url, tillKey: KEY });
    expect(resolveGateway(saved, { kind: 'hosted', baseUrl: `${url}/` }, 'embedded')).toEqual(saved);
    const withMerchant = resolveGateway(saved, { kind: 'hosted', baseUrl: url, merchantKey: 'owner-key-1' }, 'e');
    expect(withMerchant).toEqual({ kind: 'hosted', baseUrl: url, merchantKey: 'owner-key-1', tillKey: KEY });
    expect(resolveGateway(saved, { kind: 'hosted', baseUrl: url, tillKey: '' }, 'embedded')).toEqual({
      kind: 'hosted',
      baseUrl: url,
    });
    expect(resolveGateway(saved, { kind: 'hosted', baseUrl: 'https://other.example' }, 'embedded')).toEqual({
      kind: 'hosted',
      baseUrl: 'https://other.example',
    });
    expect(() =>
      resolveGateway(saved, { kind: 'hosted', baseUrl: 'http://shop.example', tillKey: KEY }, 'embedded'),
    ).toThrow(/HTTPS/);
  });
});
