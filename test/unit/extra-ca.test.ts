/** The desktop app's own reading of NODE_EXTRA_CA_CERTS (electron/platform/extra-ca.ts). */
import { describe, expect, it } from 'vitest';
import { trustExtraCaCertificates, type DefaultTrust } from '../../electron/platform/extra-ca.js';

const pem = (n: number): string => `-----BEGIN CERTIFICATE-----\nMII${n}\n-----END CERTIFICATE-----`;

function fakeTrust(initial: string[]): DefaultTrust & { now: string[] } {
  const store = {
    now: initial,
    getCACertificates: () => store.now,
    setDefaultCACertificates: (certs: string[]) => {
      store.now = certs;
    },
  };
  return store;
}

describe('trustExtraCaCertificates', () => {
  it("adds every certificate of the file to the default roots, keeping Node's own", () => {
    const trust = fakeTrust([pem(1)]);
    const file = `shop CA\n${pem(2)}\n${pem(3)}\n${pem(1)}\n`;
    expect(trustExtraCaCertificates({ NODE_EXTRA_CA_CERTS: '/etc/paydesk/ca.pem' }, trust, () => file)).toBe('added');
    expect(trust.now).toEqual([pem(1), pem(2), pem(3)]);
  });

  it('changes nothing without the variable, with an unreadable file, or on a Node without the API', () => {
    const trust = fakeTrust([pem(1)]);
    expect(trustExtraCaCertificates({}, trust, () => pem(2))).toBe('none');
    const missing = () => {
      throw new Error('ENOENT');
    };
    expect(trustExtraCaCertificates({ NODE_EXTRA_CA_CERTS: '/nope' }, trust, missing)).toBe('unreadable');
    expect(trustExtraCaCertificates({ NODE_EXTRA_CA_CERTS: '/x' }, trust, () => 'no pem here')).toBe('unreadable');
    expect(trust.now).toEqual([pem(1)]);
    expect(trustExtraCaCertificates({ NODE_EXTRA_CA_CERTS: '/x' }, {}, () => pem(2))).toBe('unsupported');
  });
});
