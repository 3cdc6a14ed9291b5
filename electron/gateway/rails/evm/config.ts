/**
 * Configuration of the EVM rail (kept in gateway.db, edited with the merchant key): per chain its
 * JSON-RPC URLs (failover in order), chain id, required confirmations and the assets it carries,
 * and the merchant's account-level extended public key (m/44'/60'/0'). Watch-only: no private key.
 * This module holds what can be judged from the text alone; the catalogue check (catalog.ts)
 * and the nodes' answers (probe.ts) come after it. RPC URLs may carry credentials (userinfo,
 * query keys): they are kept as given for the rail, but every view and message shows them masked.
 */
import { HDKey } from '@scure/bip32';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { Db } from '../../../platform/db.js';
import { classifyAddress } from '../../callbacks/address-policy.js';
import { readMeta, writeMeta } from '../../db.js';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
const assetId = z
  .string()
  .uuid()
  .transform((id) => id.toLowerCase());

/** The account level of BIP-44 (m/44'/60'/0'): deposit addresses are its children 0/i. */
const ACCOUNT_DEPTH = 3;

function xpubProblem(value: string): string | undefined {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(value);
  } catch {
    return "must be an account-level extended public key (xpub) such as m/44'/60'/0'";
  }
  if (key.privateKey !== null || key.publicKey === null)
    return 'must be an extended public key (xpub), never a private one';
  if (key.depth !== ACCOUNT_DEPTH)
    return `must be an account-level extended public key such as m/44'/60'/0' (depth ${ACCOUNT_DEPTH}); this key has depth ${key.depth}`;
  return undefined;
}

/** Cloud metadata services: never a JSON-RPC node, always a prize for SSRF. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog']);
const METADATA_ADDRESSES = new Set(['fd00:ec2:0:0:0:0:0:254', '100.100.100.200']);
/** Ranges a node cannot sit in (loopback and private stay allowed: a node on this machine or the shop's LAN). */
const NEVER_RPC_RANGES = new Set(['linkLocal', 'unspecified', 'multicast', 'broadcast']);

/** Why a JSON-RPC URL is refused, never quoting it (it may hold a key). */
export function rpcUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must be an http(s) URL; ${url.protocol} is not supported`;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (METADATA_HOSTS.has(host)) return 'must not point at a cloud metadata service';
  const kind = classifyAddress(host);
  if (!kind) return undefined;
  if (METADATA_ADDRESSES.has(ipaddr.parse(kind.embedded ?? host).toNormalizedString()))
    return 'must not point at a cloud metadata service';
  if (NEVER_RPC_RANGES.has(kind.range))
    return `must not point at a ${kind.range} address (such as the cloud metadata service 169.254.169.254)`;
  return undefined;
}

const rpcUrl = z.string().superRefine((value, ctx) => {
  const problem = rpcUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const nativeAsset = z.object({
  assetId,
  kind: z.literal('native'),
  decimals: z.number().int().min(0).max(36).default(18),
});

/** As stored and used: every token's decimals known. */
export const EvmAssetSchema = z.discriminatedUnion('kind', [
  nativeAsset,
  z.object({ assetId, kind: z.literal('erc20'), contract: address, decimals: z.number().int().min(0).max(36) }),
]);
/** As the merchant sends it: a token's decimals may be left to the contract. */
const EvmAssetInputSchema = z.discriminatedUnion('kind', [
  nativeAsset,
  z.object({
    assetId,
    kind: z.literal('erc20'),
    contract: address,
    decimals: z.number().int().min(0).max(36).optional(),
  }),
]);

const chainFields = {
  /** The catalogue's network name of the assets it carries ("Ethereum"). */
  network: z.string().min(1),
  chainId: z.number().int().positive(),
  rpcUrls: z.array(rpcUrl).min(1).max(5),
  requiredConfirmations: z.number().int().min(0).max(1000),
  /** First block to scan on a new configuration (default: the head when configured); bounded by the head at configuration. */
  startBlock: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
};
export const EvmChainSchema = z.object({ ...chainFields, assets: z.array(EvmAssetSchema).min(1) });
const EvmChainInputSchema = z.object({ ...chainFields, assets: z.array(EvmAssetInputSchema).min(1) });

const xpub = z.string().superRefine((value, ctx) => {
  const problem = xpubProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const EvmConfigSchema = z.object({ xpub, chains: z.array(EvmChainSchema).min(1).max(10) });
/** What POST /v1/merchant/rails/evm accepts before the nodes are asked. */
export const EvmConfigInputSchema = z.object({ xpub, chains: z.array(EvmChainInputSchema).min(1).max(10) });
export type EvmConfig = z.infer<typeof EvmConfigSchema>;
export type EvmConfigInput = z.infer<typeof EvmConfigInputSchema>;
export type EvmChain = z.infer<typeof EvmChainSchema>;
export type EvmAsset = z.infer<typeof EvmAssetSchema>;

/** The first schema issue as "field: problem" (the house's 10011 message). */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field =
    (issue?.path ?? [])
      .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
      .join('') || 'config';
  return { field, message: issue?.message ?? 'invalid' };
}

const MASK = '***';

/** A URL as the owner may see it: userinfo and query values replaced by ***. Unchanged when it holds neither. */
export function maskRpcUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (!url.username && !url.password && !url.search) return raw;
  if (url.username || url.password) {
    url.username = MASK;
    url.password = '';
  }
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${MASK}`).join('&');
  url.search = query;
  return url.toString().replace(/%2A%2A%2A/g, MASK);
}

/** The configuration as GET shows it: no credential ever leaves the gateway. */
export function maskConfig(config: EvmConfig): EvmConfig {
  return { ...config, chains: config.chains.map((chain) => ({ ...chain, rpcUrls: chain.rpcUrls.map(maskRpcUrl) })) };
}

/**
 * A config sent back as the owner saw it (masked URLs) keeps the stored credentials: a masked URL
 * is replaced by the stored URL it stands for. One that stands for none is refused (field named).
 */
export function unmaskRpcUrls(
  input: EvmConfigInput,
  stored: EvmConfig | undefined,
): { config: EvmConfigInput } | { field: string } {
  const known = new Map(
    (stored?.chains ?? []).flatMap((chain) => chain.rpcUrls.map((url): [string, string] => [maskRpcUrl(url), url])),
  );
  const chains = [];
  for (const [i, chain] of input.chains.entries()) {
    const rpcUrls: string[] = [];
    for (const [j, url] of chain.rpcUrls.entries()) {
      if (!url.includes(MASK)) rpcUrls.push(url);
      else if (known.has(url)) rpcUrls.push(known.get(url)!);
      else return { field: `chains[${i}].rpcUrls[${j}]` };
    }
    chains.push({ ...chain, rpcUrls });
  }
  return { config: { ...input, chains } };
}

/** Removes anything credential-like that a transport error may quote (userinfo, the configured URLs). */
export function scrubSecrets(text: string, urls: readonly string[]): string {
  let out = text;
  for (const url of urls) if (maskRpcUrl(url) !== url) out = out.split(url).join(maskRpcUrl(url));
  return out.replace(/\/\/[^/\s@]+@/g, `//${MASK}@`);
}

/** The stored configuration; one that no longer passes the schema is reported and not used. */
export function readEvmConfig(db: Db, onInvalid?: (problem: string) => void): EvmConfig | undefined {
  const raw = readMeta(db, 'evm_rail');
  if (!raw) return undefined;
  const parsed = EvmConfigSchema.safeParse(JSON.parse(raw));
  if (parsed.success) return parsed.data;
  const { field, message } = firstIssue(parsed.error);
  onInvalid?.(`${field}: ${message}`);
  return undefined;
}

export function writeEvmConfig(db: Db, config: EvmConfig): void {
  writeMeta(db, 'evm_rail', JSON.stringify(config));
}
