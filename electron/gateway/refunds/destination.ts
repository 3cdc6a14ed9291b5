/**
 * Where a refund may go (docs/api.md, "Refunds"): an address valid for the payment asset's network,
 * checked with its checksum: EVM (EIP-55 when mixed case; viem), Bitcoin and Litecoin (bech32 /
 * bech32m segwit, base58check legacy), Dogecoin (base58check), Tron (base58check, version 0x41).
 * A wallet payment is refunded to a wallet user id (a UUID). Test-network forms are accepted in
 * sandbox mode only. Each refusal is a 10011 naming `destination`.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { createHash } from 'node:crypto';
import { getAddress, isAddress } from 'viem';
import type { Network } from '../catalog.js';
import { paramError } from '../errors.js';
import { isUuid } from '../params.js';

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()));

interface Base58Rule {
  versions: number[];
  testVersions: number[];
}

/** Segwit human-readable parts and base58check version bytes per network (main, then test). */
const BITCOIN_LIKE: Record<string, { hrp: string[]; testHrp: string[] } & Base58Rule> = {
  Bitcoin: { hrp: ['bc'], testHrp: ['tb', 'bcrt'], versions: [0x00, 0x05], testVersions: [0x6f, 0xc4] },
  Litecoin: { hrp: ['ltc'], testHrp: ['tltc', 'rltc'], versions: [0x30, 0x32, 0x05], testVersions: [0x6f, 0x3a] },
  Dogecoin: { hrp: [], testHrp: [], versions: [0x1e, 0x16], testVersions: [0x71, 0xc4] },
  Tron: { hrp: [], testHrp: [], versions: [0x41], testVersions: [0xa0] },
};

const refuse = (problem: string): never => {
  throw paramError('destination', problem);
};

function evmAddress(text: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) refuse('must be an EVM address (0x and 40 hexadecimal digits)');
  const mixed = /[a-f]/.test(text.slice(2)) && /[A-F]/.test(text.slice(2));
  if (mixed && !isAddress(text, { strict: true }))
    refuse('the EVM address checksum (EIP-55 capitals) does not match: a typing error?');
  if (/^0x0{40}$/i.test(text)) refuse('the zero address burns the money');
  return getAddress(text);
}

/** A segwit address, or undefined when `text` is not bech32 at all. */
function segwit(text: string, hrps: string[]): string | undefined {
  const lower = text.toLowerCase();
  if (!hrps.some((hrp) => lower.startsWith(`${hrp}1`))) return undefined;
  if (text !== lower && text !== text.toUpperCase()) refuse('a bech32 address is all lower case or all upper case');
  let decoded: { prefix: string; words: number[] };
  let isM = false;
  try {
    decoded = bech32.decode(lower as `${string}1${string}`);
  } catch {
    try {
      decoded = bech32m.decode(lower as `${string}1${string}`);
      isM = true;
    } catch {
      return refuse('the bech32 checksum does not match: a typing error?');
    }
  }
  const [version, ...rest] = decoded.words;
  const program = bech32.fromWords(rest);
  if (version === undefined || version > 16) return refuse('not a segwit address');
  if (version === 0 && (isM || (program.length !== 20 && program.length !== 32)))
    refuse('not a valid segwit version 0 address');
  if (version > 0 && (!isM || program.length < 2 || program.length > 40)) refuse('not a valid segwit address');
  return lower;
}

function legacy(text: string, versions: number[]): string {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return refuse('the address checksum does not match (base58check): a typing error?');
  }
  if (payload.length !== 21 || !versions.includes(payload[0]!)) refuse('is not an address of this network');
  return text;
}

/** The destination in its canonical form, or a 10011 naming `destination`. */
export function validDestination(network: Network, isChain: boolean, text: string, sandbox: boolean): string {
  const value = text.trim();
  if (value === '') return refuse('is required');
  if (!isChain) {
    if (!isUuid(value)) refuse('a wallet payment is refunded to a wallet user id (a UUID)');
    return value.toLowerCase();
  }
  if (network.addressStyle === 'evm') return evmAddress(value);
  if (network.addressStyle === 'lightning')
    return refuse('Lightning payments cannot be refunded to an address; refund in an on-chain asset');
  const rule = BITCOIN_LIKE[network.network];
  if (!rule) return refuse(`refunds on ${network.network} are not supported`);
  const hrps = sandbox ? [...rule.hrp, ...rule.testHrp] : rule.hrp;
  const bech = segwit(value, hrps);
  if (bech) return bech;
  return legacy(value, sandbox ? [...rule.versions, ...rule.testVersions] : rule.versions);
}
