/**
 * Sandbox deposit addresses: deterministic, in each network's usual shape, unique per payment
 * and network (derived from the trace and a gateway secret). Real rails derive real addresses
 * from the merchant's extended public key instead.
 */
import { createHash } from 'node:crypto';
import type { Network } from '../../catalog.js';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function encode(bytes: Buffer, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1) out += alphabet[bytes[i % bytes.length]! % alphabet.length];
  return out;
}

export function sandboxDepositAddress(
  network: Network,
  traceId: string,
  secret: string,
): { destination: string; tag: string } {
  const bytes = digest(`${secret}:${network.network}:${traceId}`);
  switch (network.addressStyle) {
    case 'evm':
      return { destination: `0x${bytes.subarray(0, 20).toString('hex')}`, tag: '' };
    case 'bech32':
      return {
        destination: `${network.network === 'Litecoin' ? 'ltc1q' : 'bc1q'}${encode(bytes, BECH32, 38)}`,
        tag: '',
      };
    case 'tron':
      return { destination: `T${encode(bytes, BASE58, 33)}`, tag: '' };
    case 'base58':
      return { destination: `D${encode(bytes, BASE58, 33)}`, tag: '' };
    case 'lightning':
      return { destination: `lnbcrt1p${encode(bytes, BECH32, 52)}`, tag: '' };
  }
}
