/** Receipt links: an order id with an HMAC, so a link cannot be guessed, altered or moved to another shop. */
import { describe, expect, it } from 'vitest';
import { ReceiptLinks } from '../../electron/web/receipts.js';

describe('receipt links', () => {
  const links = new ReceiptLinks('merchant-key-one');

  it('carry the order id and a 128-bit mac; the genuine id reads back', () => {
    const id = links.idFor('pd-20261124-0123456789');
    expect(id).toMatch(/^pd-20261124-0123456789\.[0-9a-f]{32}$/);
    expect(links.orderIdOf(id)).toBe('pd-20261124-0123456789');
  });

  it('refuse an altered order id, an altered or short mac, and another shop’s link', () => {
    const id = links.idFor('pd-20261124-0123456789');
    const [, mac] = id.split('.');
    expect(links.orderIdOf(`pd-20261124-0123456788.${mac}`)).toBeUndefined();
    expect(
      links.orderIdOf(`pd-20261124-0123456789.${mac!.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`),
    ).toBeUndefined();
    expect(links.orderIdOf(`pd-20261124-0123456789.${mac!.slice(0, 31)}`)).toBeUndefined();
    expect(links.orderIdOf('pd-20261124-0123456789')).toBeUndefined();
    expect(new ReceiptLinks('merchant-key-two').orderIdOf(id)).toBeUndefined();
  });
});
