/**
 * Checks a refund payout on an EVM chain (docs/api.md, "Refunds"): the transaction named by its
 * txid must have succeeded and moved exactly the refund's amount of its asset (native value, or
 * the token's `Transfer` logs) to the refund's address. Anything else is flagged with what the
 * chain shows; a transaction not found yet is waited for. The rail never signs anything.
 */
import { decodeEventLog, parseAbiItem, type PublicClient } from 'viem';
import { fromBaseUnits, toBaseUnits } from '../../../../shared/money.js';
import type { PayoutVerdict } from '../../refunds/checks.js';
import type { EvmAsset } from './config.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface Payout {
  txid: string;
  destination: string;
  amount: string;
}

function notFound(error: unknown): boolean {
  return error instanceof Error && /NotFound/.test(error.name);
}

/** The amount the transaction moved to `destination` in `asset` (base units). */
async function movedTo(
  client: PublicClient,
  hash: `0x${string}`,
  receipt: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>,
  asset: EvmAsset,
  destination: string,
): Promise<bigint> {
  if (asset.kind === 'native') {
    const tx = await client.getTransaction({ hash });
    return tx.to?.toLowerCase() === destination ? tx.value : 0n;
  }
  let total = 0n;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== asset.contract.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: [TRANSFER], data: log.data, topics: log.topics, strict: true });
      if (event.args.to.toLowerCase() === destination) total += event.args.value;
    } catch {
      // another event of the token contract
    }
  }
  return total;
}

export async function checkEvmPayout(
  client: PublicClient,
  payout: Payout,
  asset: EvmAsset,
  required: number,
): Promise<PayoutVerdict> {
  const hash = payout.txid as `0x${string}`;
  const destination = payout.destination.toLowerCase();
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (notFound(error)) return { kind: 'waiting', confirmations: 0, required };
    throw error;
  }
  if (receipt.status !== 'success') return { kind: 'flagged', reason: 'the transaction failed on chain (reverted)' };
  const moved = await movedTo(client, hash, receipt, asset, destination);
  const expected = BigInt(toBaseUnits(payout.amount, asset.decimals));
  if (moved === 0n)
    return { kind: 'flagged', reason: 'the transaction sent nothing of this asset to the refund address' };
  if (moved !== expected)
    return {
      kind: 'flagged',
      reason: `the transaction sent ${fromBaseUnits(moved.toString(), asset.decimals)}, not ${payout.amount}`,
    };
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = Number(head - receipt.blockNumber) + 1;
  return confirmations >= required
    ? { kind: 'confirmed', confirmations, required }
    : { kind: 'waiting', confirmations, required };
}

/** At most this many blocks are looked through per detection pass. */
const DETECT_BLOCKS = 200;
/** A first pass looks back this far (the payout may have been sent right after the refund was asked). */
const LOOK_BACK = 5;

/**
 * Looks for a refund payout the owner sent without entering its txid: a transaction in the blocks
 * after `fromHeight` that moved exactly the amount of the asset to the destination (token `Transfer`
 * logs, or native value). Answers the candidates' hashes and how far it looked.
 */
export async function detectEvmPayout(
  client: PublicClient,
  payout: Omit<Payout, 'txid'>,
  asset: EvmAsset,
  fromHeight: number,
): Promise<{ candidates: string[]; scannedTo: number }> {
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const from = fromHeight > 0 ? fromHeight + 1 : Math.max(0, head - LOOK_BACK);
  const to = Math.min(head, from + DETECT_BLOCKS - 1);
  if (to < from) return { candidates: [], scannedTo: Math.max(fromHeight, head) };
  const expected = BigInt(toBaseUnits(payout.amount, asset.decimals));
  const destination = payout.destination.toLowerCase();
  const candidates: string[] = [];
  if (asset.kind === 'erc20') {
    const logs = await client.getLogs({
      address: asset.contract as `0x${string}`,
      event: TRANSFER,
      args: { to: payout.destination as `0x${string}` },
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    for (const log of logs)
      if (log.args.value === expected && log.transactionHash) candidates.push(log.transactionHash.toLowerCase());
  } else {
    for (let n = from; n <= to; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const tx of block.transactions)
        if (tx.to?.toLowerCase() === destination && tx.value === expected) candidates.push(tx.hash.toLowerCase());
    }
  }
  return { candidates, scannedTo: to };
}
