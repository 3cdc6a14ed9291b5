/**
 * Configuration of the EVM rail (kept in gateway.db, edited with the merchant key): per chain its
 * JSON-RPC URLs (failover in order), chain id, required confirmations and the assets it carries,
 * and the merchant's account-level extended public key (m/44'/60'/0'). Watch-only: no private key.
 */
import { HDKey } from '@scure/bip32';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { readMeta, writeMeta } from '../db.js';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

export const EvmAssetSchema = z.discriminatedUnion('kind', [
  z.object({ assetId: z.string().uuid(), kind: z.literal('native'), decimals: z.number().int().min(0).max(36).default(18) }),
  z.object({ assetId: z.string().uuid(), kind: z.literal('erc20'), contract: address, decimals: z.number().int().min(0).max(36) }),
]);

export const EvmChainSchema = z.object({
  /** The catalogue's network name of the assets it carries ("Ethereum"). */
  network: z.string().min(1),
  chainId: z.number().int().positive(),
  rpcUrls: z.array(z.string().url()).min(1).max(5),
  requiredConfirmations: z.number().int().min(0).max(1000),
  assets: z.array(EvmAssetSchema).min(1),
  /** First block to scan on a new configuration (default: the head when configured). */
  startBlock: z.number().int().min(0).optional(),
});

export const EvmConfigSchema = z.object({
  xpub: z.string().refine((value) => {
    try {
      const key = HDKey.fromExtendedKey(value);
      return key.privateKey === null && key.publicKey !== null;
    } catch {
      return false;
    }
  }, 'must be an extended public key (xpub), never a private one'),
  chains: z.array(EvmChainSchema).min(1).max(10),
});
export type EvmConfig = z.infer<typeof EvmConfigSchema>;
export type EvmChain = z.infer<typeof EvmChainSchema>;
export type EvmAsset = z.infer<typeof EvmAssetSchema>;

export function readEvmConfig(db: Db): EvmConfig | undefined {
  const raw = readMeta(db, 'evm_rail');
  if (!raw) return undefined;
  const parsed = EvmConfigSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : undefined;
}

export function writeEvmConfig(db: Db, config: EvmConfig): void {
  writeMeta(db, 'evm_rail', JSON.stringify(config));
}
