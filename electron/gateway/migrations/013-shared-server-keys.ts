/**
 * gateway.db version 13: nothing changes on SQLite. Its PostgreSQL twin drops the foreign keys from
 * the tables written beside a payment (instructions, events, deposit addresses, chain facts, refunds)
 * to `payments`: on a shop server with several processes, each of those checks is a read of the
 * payments key index that PostgreSQL's SERIALIZABLE checking locks page by page, and time-ordered
 * trace ids put every new payment on the index's last page, so two processes creating at once always
 * "conflicted" and one ran again (docs/scaling.md, "Why creates add up across processes"). On the
 * embedded file one writer is alone and the keys stay enforced. The number is shared so both engines
 * count versions alike (test/api/pg-schema.test.ts).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration013: Migration = {
  version: 13,
  name: 'shop server: no foreign keys to payments on PostgreSQL (nothing on SQLite)',
  up: () => undefined,
};
