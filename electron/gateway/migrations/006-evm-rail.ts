/**
 * gateway.db version 6: the EVM rail: where each observed transaction sits, and each chain's scan
 * progress. Schema only: new columns start at their defaults, no data moves.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        ALTER TABLE transactions ADD COLUMN block_number INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE transactions ADD COLUMN block_hash TEXT NOT NULL DEFAULT '';
        CREATE INDEX transactions_block ON transactions (network, block_number) WHERE kind = 'chain';
        -- Where each chain's scanner stands, and the hashes of recent blocks to notice reorgs.
        CREATE TABLE evm_blocks (
          chain_id INTEGER NOT NULL,
          number   INTEGER NOT NULL,
          hash     TEXT NOT NULL,
          PRIMARY KEY (chain_id, number)
        ) STRICT;
      `;

export const migration006: Migration = {
  version: 6,
  name: 'EVM rail: blocks of observed transactions, scan progress and recent block hashes',
  up: (db) => db.exec(sql),
};
