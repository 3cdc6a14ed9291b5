/**
 * Chainlink-style on-chain price feeds (README "Price sources"): `decimals()` and `latestRoundData()`
 * of each aggregator, read over the EVM rail's own JSON-RPC URLs for the source's network, after the
 * same chain-id check the rail makes (a node on another chain is never read). A round's `updatedAt`
 * is when its price was true; the feed's heartbeat is how long it may be used. No API key.
 */
import { parseAbi, type PublicClient } from 'viem';
import { z } from 'zod';
import { fromBaseUnits } from '../../../shared/money.js';
import type { Db } from '../../platform/db.js';
import { readEvmConfig } from '../rails/evm/config.js';
import { RpcEndpoints } from '../rails/evm/rpc-endpoints.js';
import type { ChainlinkSourceConfig } from './config.js';
import { checkedPrice, type PriceObservation, type PriceSource } from './source.js';

export const AGGREGATOR_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** A round as the node answers it, checked: a positive answer and a real time. */
const RoundSchema = z.tuple([
  z.bigint(),
  z.bigint().positive('the feed answered a price of zero or less'),
  z.bigint(),
  z.bigint().positive('the feed has no round yet'),
  z.bigint(),
]);
const DecimalsSchema = z.number().int().min(0).max(36);

/** A round timed this far past the real clock is not believed. */
const FUTURE_SLACK_MS = 5 * 60_000;

export class ChainlinkSource implements PriceSource {
  readonly kind = 'chainlink' as const;
  readonly id: string;
  readonly keys: readonly string[];

  constructor(
    private readonly config: ChainlinkSourceConfig,
    private readonly db: Db,
    private readonly realNow: () => number,
  ) {
    this.id = config.id;
    this.keys = config.feeds.map((f) => f.key);
  }

  /** A client on a node proven to be on the rail's chain for this network. */
  private async client(): Promise<PublicClient> {
    const chain = readEvmConfig(this.db)?.chains.find((c) => c.network === this.config.network);
    if (!chain) throw new Error(`no EVM rail chain is configured for ${this.config.network}: its RPC URLs are used`);
    if (this.config.chainId !== undefined && this.config.chainId !== chain.chainId)
      throw new Error(`the feeds are on chain id ${this.config.chainId}; the rail's chain is ${chain.chainId}`);
    const endpoints = new RpcEndpoints({ urls: chain.rpcUrls, chainId: chain.chainId });
    try {
      return await endpoints.connect();
    } catch (error) {
      const why = endpoints.problems() || (error instanceof Error ? error.message : String(error));
      throw new Error(endpoints.scrub(why), { cause: error });
    }
  }

  async fetch(): Promise<PriceObservation[]> {
    const client = await this.client();
    const out: PriceObservation[] = [];
    for (const feed of this.config.feeds) {
      const address = feed.address as `0x${string}`;
      const where = `feed ${feed.address}`;
      const [decimalsRaw, roundRaw] = await Promise.all([
        client.readContract({ address, abi: AGGREGATOR_ABI, functionName: 'decimals' }),
        client.readContract({ address, abi: AGGREGATOR_ABI, functionName: 'latestRoundData' }),
      ]).catch((error: unknown) => {
        throw new Error(`${where}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`, {
          cause: error,
        });
      });
      const decimals = DecimalsSchema.safeParse(decimalsRaw);
      const round = RoundSchema.safeParse(roundRaw);
      if (!decimals.success) throw new Error(`${where}: decimals() is not a number of decimals`);
      if (!round.success) throw new Error(`${where}: ${round.error.issues[0]?.message ?? 'bad round'}`);
      // A round answered in an earlier round is a carried-over (stale) answer.
      if (round.data[4] < round.data[0])
        throw new Error(`${where}: the latest round carries an earlier round's answer`);
      const updatedAtMs = Number(round.data[3]) * 1000;
      if (updatedAtMs > this.realNow() + FUTURE_SLACK_MS) throw new Error(`${where}: the round is timed in the future`);
      out.push({
        key: feed.key,
        usdPrice: checkedPrice(fromBaseUnits(round.data[1].toString(), decimals.data), where),
        observedAtMs: updatedAtMs,
        maxAgeMs: feed.heartbeatSeconds * 1000,
      });
    }
    return out;
  }
}
