/** PostgreSQL version 3, the twin of gateway/migrations/003-callback-outbox.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration003: PgMigration = {
  version: 3,
  name: 'callback outbox and delivery log',
  sql: `
    CREATE TABLE callback_deliveries (
      delivery_id     text PRIMARY KEY,
      trace_id        text NOT NULL,
      event           text NOT NULL CHECK (event IN ('success', 'fail', 'settle', 'pending', 'paid_less')),
      url             text NOT NULL,
      origin          text NOT NULL,
      body            text NOT NULL,
      status          text NOT NULL CHECK (status IN ('pending', 'delivered', 'exhausted')),
      attempts_made   bigint NOT NULL DEFAULT 0,
      next_attempt_at bigint,
      created_at      bigint NOT NULL,
      updated_at      bigint NOT NULL
    );
    CREATE INDEX callback_deliveries_due ON callback_deliveries (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX callback_deliveries_trace ON callback_deliveries (trace_id, created_at);
    CREATE TABLE callback_attempts (
      delivery_id      text NOT NULL REFERENCES callback_deliveries (delivery_id),
      n                bigint NOT NULL,
      at               bigint NOT NULL,
      http_status      bigint NOT NULL,
      duration_ms      bigint NOT NULL,
      error            text NOT NULL,
      response_excerpt text NOT NULL,
      PRIMARY KEY (delivery_id, n)
    );
  `,
};
