/**
 * gateway.db version 11: a refund can be withdrawn (docs/api.md, "Refunds"). Until now a flagged
 * refund stopped counting against what is left to refund, so the same money could be asked for
 * again while the flagged payout (often money that did leave the wallet) could still be given a
 * txid: two payouts for one refund. A refund now counts until it is confirmed or the owner
 * withdraws it, with a reason; `withdrawn` is a new status. SQLite cannot change a CHECK, so
 * `refunds` is rebuilt with its rows and indexes.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

const COLUMNS = `refund_id, kind, trace_id, asset_id, amount, is_chain, network, destination, tag, reason, amount_in,
  quote_asset_id, quote_asked, original_price, today_price, status, txid, flag_reason, confirmations,
  required_confirmations, sent_height, next_check_at, created_at, updated_at`;

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE refunds_11 (
          refund_id        TEXT PRIMARY KEY,
          kind             TEXT NOT NULL DEFAULT 'refund' CHECK (kind IN ('refund', 'keep')),
          trace_id         TEXT NOT NULL REFERENCES payments (trace_id),
          asset_id         TEXT NOT NULL,
          amount           TEXT NOT NULL,
          is_chain         INTEGER NOT NULL,
          network          TEXT NOT NULL,
          destination      TEXT NOT NULL,
          tag              TEXT NOT NULL,
          reason           TEXT NOT NULL,
          amount_in        TEXT NOT NULL CHECK (amount_in IN ('asset', 'quote_original', 'quote_today')),
          quote_asset_id   TEXT NOT NULL,
          quote_asked      TEXT NOT NULL,
          original_price   TEXT NOT NULL,
          today_price      TEXT NOT NULL,
          status           TEXT NOT NULL CHECK (status IN ('to_send', 'sent', 'confirmed', 'flagged', 'kept', 'withdrawn')),
          txid             TEXT NOT NULL DEFAULT '',
          flag_reason      TEXT NOT NULL DEFAULT '',
          confirmations    INTEGER NOT NULL DEFAULT 0,
          required_confirmations INTEGER NOT NULL DEFAULT 0,
          sent_height      INTEGER NOT NULL DEFAULT 0,
          next_check_at    INTEGER NOT NULL DEFAULT 0,
          created_at       INTEGER NOT NULL,
          updated_at       INTEGER NOT NULL,
          -- why the owner withdrew it ('' unless withdrawn); the txid it had, if any, stays
          withdrawn_reason TEXT NOT NULL DEFAULT ''
        ) STRICT;
        INSERT INTO refunds_11 (${COLUMNS}) SELECT ${COLUMNS} FROM refunds;
        DROP TABLE refunds;
        ALTER TABLE refunds_11 RENAME TO refunds;
        CREATE INDEX refunds_trace ON refunds (trace_id, created_at);
        CREATE INDEX refunds_due ON refunds (next_check_at) WHERE next_check_at > 0;
        CREATE UNIQUE INDEX refunds_txid ON refunds (txid) WHERE txid != '';
      `;

export const migration011: Migration = {
  version: 11,
  name: 'refunds can be withdrawn; a flagged refund keeps counting until then (refunds rebuilt with its rows)',
  up: (db) => db.exec(sql),
};
