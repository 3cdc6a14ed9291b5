/**
 * Asks the configured nodes before a configuration is accepted: every RPC URL that answers must be
 * on the configured chain id (a dev chain behind a "chain 1" config would turn free test coins into
 * live payments); a token's decimals come from its contract, and a configured value must agree;
 * startBlock may not lie beyond the head. A URL that does not answer now is accepted and noted, so
 * the rail's health shows it. Messages name the field and never quote a URL (it may hold a key).
 */
import { createPublicClient, http, parseAbi, type PublicClient } from 'viem';
import { paramError } from '../../errors.js';
import type { EvmAsset, EvmConfig, EvmConfigInput } from './config.js';

/** How far past the head a startBlock may point (a node a little behind, blocks soon to come). */
export const START_BLOCK_MARGIN = 1000;
const ERC20_DECIMALS = parseAbi(['function decimals() view returns (uint8)']);

type ChainInput = EvmConfigInput['chains'][number];

export interface ProbeResult {
  config: EvmConfig;
  /** Per chain index: notes on URLs that did not answer at configuration (by URL index). */
  unreachable: Map<number, Map<number, string>>;
}

export interface ProbeOptions {
  timeoutMs?: number;
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'no answer') : String(error);
}

async function chainIdsOf(
  chain: ChainInput,
  i: number,
  timeoutMs: number,
): Promise<{ verified: PublicClient | undefined; unreachable: Map<number, string> }> {
  const clients = chain.rpcUrls.map(
    (url) => createPublicClient({ transport: http(url, { timeout: timeoutMs, retryCount: 0 }) }) as PublicClient,
  );
  const answers = await Promise.all(
    clients.map((client) =>
      client.getChainId().then(
        (id) => ({ id }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  const unreachable = new Map<number, string>();
  let verified: PublicClient | undefined;
  for (const [j, answer] of answers.entries()) {
    if ('error' in answer) {
      unreachable.set(j, `rpcUrls[${j}]: did not answer at configuration (${firstLine(answer.error)})`);
      continue;
    }
    if (answer.id !== chain.chainId)
      throw paramError(
        `chains[${i}].rpcUrls[${j}]`,
        `the node there is on chain id ${answer.id}, not chainId ${chain.chainId}`,
      );
    verified ??= clients[j];
  }
  return { verified, unreachable };
}

async function tokenDecimals(client: PublicClient, contract: `0x${string}`): Promise<number | undefined> {
  try {
    return Number(await client.readContract({ address: contract, abi: ERC20_DECIMALS, functionName: 'decimals' }));
  } catch {
    return undefined;
  }
}

async function completeAssets(chain: ChainInput, i: number, client: PublicClient | undefined): Promise<EvmAsset[]> {
  const assets: EvmAsset[] = [];
  for (const [k, asset] of chain.assets.entries()) {
    if (asset.kind === 'native') {
      assets.push(asset);
      continue;
    }
    const field = `chains[${i}].assets[${k}]`;
    if (!client) {
      if (asset.decimals === undefined)
        throw paramError(
          `${field}.decimals`,
          'could not be read from the contract (no RPC URL answered); give decimals, or configure a URL that answers',
        );
      assets.push({ ...asset, decimals: asset.decimals });
      continue;
    }
    const onChain = await tokenDecimals(client, asset.contract as `0x${string}`);
    if (onChain === undefined)
      throw paramError(
        `${field}.contract`,
        `no ERC-20 contract answers decimals() at ${asset.contract} on chain ${chain.chainId}`,
      );
    if (asset.decimals !== undefined && asset.decimals !== onChain)
      throw paramError(`${field}.decimals`, `is ${asset.decimals}, but the contract says ${onChain}`);
    assets.push({ ...asset, decimals: onChain });
  }
  return assets;
}

/** Throws 10011 naming the field a node contradicts; returns the config with token decimals filled in. */
export async function probeEvmConfig(input: EvmConfigInput, options: ProbeOptions = {}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const unreachable = new Map<number, Map<number, string>>();
  const probed = await Promise.all(input.chains.map((chain, i) => chainIdsOf(chain, i, timeoutMs)));
  const chains: EvmConfig['chains'] = [];
  for (const [i, chain] of input.chains.entries()) {
    const { verified, unreachable: notes } = probed[i]!;
    if (notes.size > 0) unreachable.set(i, notes);
    if (verified && chain.startBlock !== undefined) {
      const head = Number(await verified.getBlockNumber({ cacheTime: 0 }));
      if (chain.startBlock > head + START_BLOCK_MARGIN)
        throw paramError(
          `chains[${i}].startBlock`,
          `${chain.startBlock} is beyond the chain's head (${head}) by more than ${START_BLOCK_MARGIN} blocks`,
        );
    }
    chains.push({ ...chain, assets: await completeAssets(chain, i, verified) });
  }
  return { config: { ...input, chains }, unreachable };
}
