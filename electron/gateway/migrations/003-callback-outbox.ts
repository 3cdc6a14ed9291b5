/**
 * gateway.db version 3: the callback outbox and its delivery log (docs/api.md, "Callbacks"). A status
 * change inserts its delivery row in the same transaction as the change. Schema only.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exported for tests and benchmarks that build only the outbox. */
export const callbackTablesSql = `
  CREATE TABLE callback_deliveries (
    delivery_id     TEXT PRIMARY KEY,
    trace_id        TEXT NOT NULL,
    event           TEXT NOT NULL CHECK (event IN ('success', 'fail', 'settle', 'pending', 'paid_less')),
    url             TEXT NOT NULL,
    origin          TEXT NOT NULL,
    body            TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'exhausted')),
    -- attempts in the current round (a merchant's redeliver starts a new round of 9)
    attempts_made   INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX callback_deliveries_due ON callback_deliveries (next_attempt_at) WHERE status = 'pending';
  CREATE INDEX callback_deliveries_trace ON callback_deliveries (trace_id, created_at);
  CREATE TABLE callback_attempts (
    delivery_id      TEXT NOT NULL REFERENCES callback_deliveries (delivery_id),
    n                INTEGER NOT NULL,
    at               INTEGER NOT NULL,
    http_status      INTEGER NOT NULL,
    duration_ms      INTEGER NOT NULL,
    error            TEXT NOT NULL,
    response_excerpt TEXT NOT NULL,
    PRIMARY KEY (delivery_id, n)
  ) STRICT;
`;

export const migration003: Migration = {
  version: 3,
  name: 'callback outbox and delivery log',
  up: (db) => db.exec(callbackTablesSql),
};
