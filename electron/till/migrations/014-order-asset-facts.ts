/**
 * till.db migration 14 (issue 19; the integrator may renumber): each order keeps the asset facts its
 * instruction was described with (network, confirmations, EVM chain and token; JSON, '' when unknown).
 * The till's asset list is an in-memory cache filled after start; without these, a sale reopened after a
 * restart lost its network words and its QR payload (EIP-681, `lightning:`) until the next event.
 * Orders written before keep '' and are described from the asset list as before.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 14,
  name: 'order asset facts',
  up(db) {
    db.exec(`ALTER TABLE orders ADD COLUMN asset_facts TEXT NOT NULL DEFAULT '';`);
  },
};
