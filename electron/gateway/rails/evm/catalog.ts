/**
 * An EVM configuration judged against the catalogue: each chain is a catalogue network of EVM
 * addresses, each asset is that network's asset of the right kind (its native coin as `native`,
 * a token as `erc20`), and nothing is configured twice. Only what passes is ever offered live,
 * so a live payment always gets an address of a rail that watches it (never a sandbox address).
 */
import type { Asset, Catalog } from '../../catalog.js';
import { paramError } from '../../errors.js';
import type { EvmConfigInput } from './config.js';

/** Every EVM chain's native coin has 18 decimals (wei). */
const NATIVE_DECIMALS = 18;

type ConfigAsset = EvmConfigInput['chains'][number]['assets'][number];

function assetProblem(
  asset: ConfigAsset,
  known: Asset | undefined,
  network: string,
): { field: 'assetId' | 'kind' | 'decimals'; message: string } | undefined {
  if (!known) return { field: 'assetId', message: `${asset.assetId} is not an asset of this gateway's catalogue` };
  if (known.network !== network)
    return {
      field: 'assetId',
      message: `${asset.assetId} is ${known.symbol} on ${known.network}, not an asset of ${network}`,
    };
  if (!known.onChainSupported)
    return { field: 'assetId', message: `${known.symbol} (${known.network}) cannot be paid on chain` };
  const native = known.chainAssetId === known.assetId;
  if (asset.kind === 'native' && !native)
    return {
      field: 'kind',
      message: `${known.symbol} is a token on ${network}: configure it as erc20 with its contract`,
    };
  if (asset.kind === 'erc20' && native)
    return { field: 'kind', message: `${known.symbol} is ${network}'s native coin: its kind is native` };
  if (asset.kind === 'native' && asset.decimals !== NATIVE_DECIMALS)
    return { field: 'decimals', message: `an EVM chain's native coin has ${NATIVE_DECIMALS} decimals` };
  if (asset.decimals !== undefined && asset.decimals < known.precision)
    return { field: 'decimals', message: `must be at least ${known.symbol}'s precision (${known.precision})` };
  return undefined;
}

/** Throws 10011 naming the first field that does not fit the catalogue. */
export function checkAgainstCatalog(config: EvmConfigInput, catalog: Pick<Catalog, 'network' | 'assets'>): void {
  const networks = new Set<string>();
  const chainIds = new Set<number>();
  const assetIds = new Set<string>();
  for (const [i, chain] of config.chains.entries()) {
    const at = `chains[${i}]`;
    const network = catalog.network(chain.network);
    if (!network)
      throw paramError(
        `${at}.network`,
        `${chain.network} is not a network of this gateway's catalogue (EVM networks are named as in payment_assets, e.g. Ethereum)`,
      );
    if (network.addressStyle !== 'evm') throw paramError(`${at}.network`, `${chain.network} is not an EVM network`);
    if (networks.has(chain.network)) throw paramError(`${at}.network`, `${chain.network} is configured twice`);
    if (chainIds.has(chain.chainId)) throw paramError(`${at}.chainId`, `${chain.chainId} is configured twice`);
    networks.add(chain.network);
    chainIds.add(chain.chainId);
    const contracts = new Set<string>();
    let natives = 0;
    for (const [k, asset] of chain.assets.entries()) {
      const field = `${at}.assets[${k}]`;
      const problem = assetProblem(asset, catalog.assets.get(asset.assetId), chain.network);
      if (problem) throw paramError(`${field}.${problem.field}`, problem.message);
      if (assetIds.has(asset.assetId)) throw paramError(`${field}.assetId`, `${asset.assetId} is configured twice`);
      assetIds.add(asset.assetId);
      if (asset.kind === 'native' && ++natives > 1) throw paramError(`${field}.kind`, 'a chain has one native coin');
      if (asset.kind === 'erc20') {
        if (contracts.has(asset.contract.toLowerCase())) throw paramError(`${field}.contract`, 'is configured twice');
        contracts.add(asset.contract.toLowerCase());
      }
    }
  }
}
