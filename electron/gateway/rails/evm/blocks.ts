/**
 * Where each EVM chain's scanner stands: the last block it finished and the hashes of recent
 * blocks, to notice a reorganisation after a restart too. The one module that queries `evm_blocks`.
 */
import type { Db } from '../../../platform/db.js';

export interface BlockMark {
  number: number;
  hash: string;
}

/** How many recent block hashes are kept per chain (a deeper reorganisation rewinds 64 blocks). */
const KEPT_BLOCKS = 2000;

export class EvmBlocks {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      last: db.prepare('SELECT number, hash FROM evm_blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1'),
      newestFirst: db.prepare('SELECT number, hash FROM evm_blocks WHERE chain_id = ? ORDER BY number DESC'),
      put: db.prepare(
        'INSERT INTO evm_blocks (chain_id, number, hash) VALUES (?, ?, ?) ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash',
      ),
      dropAbove: db.prepare('DELETE FROM evm_blocks WHERE chain_id = ? AND number > ?'),
      prune: db.prepare('DELETE FROM evm_blocks WHERE chain_id = ? AND number < ?'),
    };
  }

  last(chainId: number): BlockMark | undefined {
    return this.q.last.get(chainId) as BlockMark | undefined;
  }

  newestFirst(chainId: number): BlockMark[] {
    return this.q.newestFirst.all(chainId) as BlockMark[];
  }

  put(chainId: number, block: BlockMark): void {
    this.q.put.run(chainId, block.number, block.hash);
  }

  /** A range was scanned up to `block`: remember it, forget hashes too old to matter. */
  finished(chainId: number, block: BlockMark): void {
    this.put(chainId, block);
    this.q.prune.run(chainId, block.number - KEPT_BLOCKS);
  }

  /** After a reorganisation: blocks above the common ancestor are no longer ours. */
  dropAbove(chainId: number, ancestor: number): void {
    this.q.dropAbove.run(chainId, ancestor);
  }
}
