/**
 * gateway.db version 5: finds one endpoint's due callbacks without scanning everyone else's. An
 * index only.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exported for tests and benchmarks that build only the outbox. */
export const callbackOriginIndexSql = `
  CREATE INDEX callback_deliveries_origin_due ON callback_deliveries (origin, next_attempt_at) WHERE status = 'pending';
`;

export const migration005: Migration = {
  version: 5,
  name: "callback outbox: index of each endpoint's due work",
  up: (db) => db.exec(callbackOriginIndexSql),
};
