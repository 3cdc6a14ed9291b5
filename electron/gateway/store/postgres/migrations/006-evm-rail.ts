/** PostgreSQL version 6, the twin of gateway/migrations/006-evm-rail.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration006: PgMigration = {
  version: 6,
  name: 'EVM rail: blocks of observed transactions, scan progress and recent block hashes',
  sql: `
    ALTER TABLE transactions ADD COLUMN block_number bigint NOT NULL DEFAULT 0;
    ALTER TABLE transactions ADD COLUMN block_hash text NOT NULL DEFAULT '';
    CREATE INDEX transactions_block ON transactions (network, block_number) WHERE kind = 'chain';
    CREATE TABLE evm_blocks (
      chain_id bigint NOT NULL,
      number   bigint NOT NULL,
      hash     text NOT NULL,
      PRIMARY KEY (chain_id, number)
    );
  `,
};
