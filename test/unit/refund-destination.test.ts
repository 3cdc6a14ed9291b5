/**
 * Refund destinations per network (electron/gateway/refunds/destination.ts): each network's address
 * forms with their checksums, test-network forms only in sandbox mode, Lightning and typos refused.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Network } from '../../electron/gateway/catalog.js';
import { validDestination } from '../../electron/gateway/refunds/destination.js';

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()));
const legacy = (version: number) => base58check.encode(new Uint8Array([version, ...randomBytes(20)]));
const segwit = (hrp: string, version: number, bytes: number) =>
  (version === 0 ? bech32 : bech32m).encode(hrp, [version, ...bech32.toWords(randomBytes(bytes))]);
const net = (network: string, addressStyle: Network['addressStyle']): Network =>
  ({ network, addressStyle, requiredConfirmations: 1, proxy: false, explorerTxUrl: '' }) as Network;
const BTC = net('Bitcoin', 'bech32');
const LTC = net('Litecoin', 'bech32');
const DOGE = net('Dogecoin', 'base58');
const TRX = net('Tron', 'tron');
const ETH = net('Ethereum', 'evm');
const LN = net('Lightning', 'lightning');

const ok = (network: Network, address: string, sandbox = false) => validDestination(network, true, address, sandbox);
const refused = (network: Network, address: string, words: RegExp, sandbox = false) =>
  expect(() => ok(network, address, sandbox)).toThrow(words);

describe('refund destinations', () => {
  it('Bitcoin: segwit v0 and taproot (bech32m), P2PKH and P2SH; testnet only in the sandbox', () => {
    for (const address of [segwit('bc', 0, 20), segwit('bc', 0, 32), segwit('bc', 1, 32), legacy(0x00), legacy(0x05)])
      expect(ok(BTC, address)).toBe(address);
    expect(ok(BTC, segwit('bc', 0, 20).toUpperCase())).toMatch(/^bc1/);
    refused(BTC, segwit('tb', 0, 20), /not an address of this network|checksum/);
    expect(ok(BTC, segwit('tb', 0, 20), true)).toMatch(/^tb1/);
    refused(BTC, legacy(0x1e), /not an address of this network/);
    // A v1 program encoded with bech32 (not bech32m) is refused.
    refused(BTC, bech32.encode('bc', [1, ...bech32.toWords(randomBytes(32))]), /segwit/);
    const good = segwit('bc', 0, 20);
    const typo = good.slice(0, -1) + (good.endsWith('q') ? 'p' : 'q');
    refused(BTC, typo, /checksum/);
  });

  it('Litecoin, Dogecoin and Tron by their own version bytes', () => {
    expect(ok(LTC, segwit('ltc', 0, 20))).toMatch(/^ltc1/);
    expect(ok(LTC, legacy(0x30))).toMatch(/^L/);
    refused(LTC, segwit('bc', 0, 20), /not an address of this network|checksum/);
    expect(ok(DOGE, legacy(0x1e))).toMatch(/^D/);
    refused(DOGE, legacy(0x00), /not an address of this network/);
    expect(ok(TRX, legacy(0x41))).toMatch(/^T/);
    refused(TRX, legacy(0x1e), /not an address of this network/);
  });

  it('EVM: lower case or a matching EIP-55 checksum; answered in checksum form', () => {
    expect(ok(ETH, '0x52908400098527886e0f7030069857d2e4169ee7')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    refused(ETH, '0x52908400098527886E0F7030069857D2E4169Ee7', /checksum/);
    refused(ETH, `0x${'0'.repeat(40)}`, /zero address/);
    refused(ETH, '0x1234', /EVM address/);
  });

  it('Lightning and a wallet payment', () => {
    refused(LN, 'lnbc1xyz', /Lightning/);
    expect(validDestination(ETH, false, 'A1B2C3D4-0001-4000-8000-000000000001', false)).toBe(
      'a1b2c3d4-0001-4000-8000-000000000001',
    );
    expect(() => validDestination(ETH, false, '0x52908400098527886e0f7030069857d2e4169ee7', false)).toThrow(/UUID/);
  });
});
