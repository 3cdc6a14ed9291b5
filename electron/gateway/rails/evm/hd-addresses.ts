/**
 * Watch-only deposit addresses: one per on-chain payment, derived from the merchant's account-level
 * extended public key along m/44'/60'/0'/0/i. The next index lives in gateway.db and advances in
 * the transaction that hands the address out, so no address is ever given twice, even after a crash.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex, publicKeyToAddress } from 'viem/utils';
import type { Db } from '../../../platform/db.js';
import { readMeta, writeMeta } from '../../db.js';

export function deriveAddress(xpub: string, index: number): `0x${string}` {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('the extended key has no public key');
  // An address is the hash of the uncompressed point; HDKey gives the compressed one.
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed));
}

/** Hands out the next address; call inside the transaction that stores it. */
export function nextDepositAddress(db: Db, xpub: string): { address: `0x${string}`; index: number } {
  const index = Number(readMeta(db, 'evm_next_index') ?? '0');
  writeMeta(db, 'evm_next_index', String(index + 1));
  return { address: deriveAddress(xpub, index), index };
}
