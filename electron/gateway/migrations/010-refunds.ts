/**
 * gateway.db version 10: refunds (docs/api.md, "Refunds"): payouts the merchant's own wallet makes,
 * which the gateway prepares, tracks and verifies (it never signs); and money to resolve the merchant
 * decided to keep (kind 'keep'). The callback outbox learns the
 * `refund` event: SQLite cannot change a CHECK, so the two outbox tables are rebuilt with their rows
 * (the attempts table is rebuilt too, so its foreign key names the new deliveries table).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE refunds (
          refund_id        TEXT PRIMARY KEY,
          -- 'keep': the merchant keeps money to resolve (nothing is paid out); status 'kept'
          kind             TEXT NOT NULL DEFAULT 'refund' CHECK (kind IN ('refund', 'keep')),
          trace_id         TEXT NOT NULL REFERENCES payments (trace_id),
          asset_id         TEXT NOT NULL,
          amount           TEXT NOT NULL,          -- in the asset, canonical decimal
          is_chain         INTEGER NOT NULL,       -- 0: a wallet transfer to a user id
          network          TEXT NOT NULL,
          destination      TEXT NOT NULL,
          tag              TEXT NOT NULL,
          reason           TEXT NOT NULL,
          amount_in        TEXT NOT NULL CHECK (amount_in IN ('asset', 'quote_original', 'quote_today')),
          quote_asset_id   TEXT NOT NULL,
          quote_asked      TEXT NOT NULL,          -- the quote amount asked ('' when asked in the asset)
          original_price   TEXT NOT NULL,          -- quote per asset unit when the payment was priced ('' unknown)
          today_price      TEXT NOT NULL,          -- quote per asset unit when the refund was asked ('' unknown)
          status           TEXT NOT NULL CHECK (status IN ('to_send', 'sent', 'confirmed', 'flagged', 'kept')),
          txid             TEXT NOT NULL DEFAULT '',
          flag_reason      TEXT NOT NULL DEFAULT '',
          confirmations    INTEGER NOT NULL DEFAULT 0,
          required_confirmations INTEGER NOT NULL DEFAULT 0,
          sent_height      INTEGER NOT NULL DEFAULT 0, -- sandbox chains: the height when it was sent
          next_check_at    INTEGER NOT NULL DEFAULT 0, -- gateway-clock ms; 0 = nothing due
          created_at       INTEGER NOT NULL,
          updated_at       INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX refunds_trace ON refunds (trace_id, created_at);
        CREATE INDEX refunds_due ON refunds (next_check_at) WHERE next_check_at > 0;
        CREATE UNIQUE INDEX refunds_txid ON refunds (txid) WHERE txid != '';

        ALTER TABLE callback_deliveries RENAME TO callback_deliveries_9;
        ALTER TABLE callback_attempts RENAME TO callback_attempts_9;
        CREATE TABLE callback_deliveries (
          delivery_id     TEXT PRIMARY KEY,
          trace_id        TEXT NOT NULL,
          event           TEXT NOT NULL CHECK (event IN ('success', 'fail', 'settle', 'pending', 'paid_less', 'refund')),
          url             TEXT NOT NULL,
          origin          TEXT NOT NULL,
          body            TEXT NOT NULL,
          status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'exhausted')),
          attempts_made   INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER,
          created_at      INTEGER NOT NULL,
          updated_at      INTEGER NOT NULL
        ) STRICT;
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
        INSERT INTO callback_deliveries SELECT delivery_id, trace_id, event, url, origin, body, status, attempts_made,
          next_attempt_at, created_at, updated_at FROM callback_deliveries_9;
        INSERT INTO callback_attempts SELECT delivery_id, n, at, http_status, duration_ms, error, response_excerpt
          FROM callback_attempts_9;
        DROP TABLE callback_attempts_9;
        DROP TABLE callback_deliveries_9;
        CREATE INDEX callback_deliveries_due ON callback_deliveries (next_attempt_at) WHERE status = 'pending';
        CREATE INDEX callback_deliveries_trace ON callback_deliveries (trace_id, created_at);
        CREATE INDEX callback_deliveries_origin_due ON callback_deliveries (origin, next_attempt_at) WHERE status = 'pending';
      `;

export const migration010: Migration = {
  version: 10,
  name: 'refunds; the refund callback event (callback outbox rebuilt with its rows)',
  up: (db) => db.exec(sql),
};
