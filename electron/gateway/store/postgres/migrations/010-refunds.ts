/**
 * PostgreSQL version 10, the twin of gateway/migrations/010-refunds.ts: refunds, and the `refund`
 * callback event. PostgreSQL changes a CHECK in place, so the outbox is not rebuilt as on SQLite.
 * Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration010: PgMigration = {
  version: 10,
  name: 'refunds; the refund callback event',
  sql: `
    CREATE TABLE refunds (
      refund_id        text PRIMARY KEY,
      kind             text NOT NULL DEFAULT 'refund' CHECK (kind IN ('refund', 'keep')),
      trace_id         text NOT NULL REFERENCES payments (trace_id),
      asset_id         text NOT NULL,
      amount           text NOT NULL,
      is_chain         bigint NOT NULL,
      network          text NOT NULL,
      destination      text NOT NULL,
      tag              text NOT NULL,
      reason           text NOT NULL,
      amount_in        text NOT NULL CHECK (amount_in IN ('asset', 'quote_original', 'quote_today')),
      quote_asset_id   text NOT NULL,
      quote_asked      text NOT NULL,
      original_price   text NOT NULL,
      today_price      text NOT NULL,
      status           text NOT NULL CHECK (status IN ('to_send', 'sent', 'confirmed', 'flagged', 'kept')),
      txid             text NOT NULL DEFAULT '',
      flag_reason      text NOT NULL DEFAULT '',
      confirmations    bigint NOT NULL DEFAULT 0,
      required_confirmations bigint NOT NULL DEFAULT 0,
      sent_height      bigint NOT NULL DEFAULT 0,
      next_check_at    bigint NOT NULL DEFAULT 0,
      created_at       bigint NOT NULL,
      updated_at       bigint NOT NULL
    );
    CREATE INDEX refunds_trace ON refunds (trace_id, created_at);
    CREATE INDEX refunds_due ON refunds (next_check_at) WHERE next_check_at > 0;
    CREATE UNIQUE INDEX refunds_txid ON refunds (txid) WHERE txid != '';
    ALTER TABLE callback_deliveries DROP CONSTRAINT callback_deliveries_event_check;
    ALTER TABLE callback_deliveries ADD CONSTRAINT callback_deliveries_event_check
      CHECK (event IN ('success', 'fail', 'settle', 'pending', 'paid_less', 'refund'));
  `,
};
