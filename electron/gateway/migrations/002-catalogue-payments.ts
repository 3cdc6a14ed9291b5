/**
 * gateway.db version 2: the catalogue, payees, rates, payments with their instructions, deposit
 * addresses and history. Schema only: it moves no data.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE networks (
          network                TEXT PRIMARY KEY,
          required_confirmations INTEGER NOT NULL,
          proxy                  INTEGER NOT NULL,
          explorer_tx_url        TEXT NOT NULL,
          address_style          TEXT NOT NULL
        ) STRICT;
        CREATE TABLE assets (
          asset_id           TEXT PRIMARY KEY,
          symbol             TEXT NOT NULL,
          name               TEXT NOT NULL,
          network            TEXT NOT NULL REFERENCES networks (network),
          chain_asset_id     TEXT NOT NULL,
          precision          INTEGER NOT NULL,
          on_chain_supported INTEGER NOT NULL,
          min_payment_amount TEXT NOT NULL,
          max_payment_amount TEXT NOT NULL,
          icon_url           TEXT NOT NULL,
          -- 1 when the asset has a real rail configured (only these are offered in live mode)
          live               INTEGER NOT NULL DEFAULT 0,
          sort               INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE fiat_currencies (
          code             TEXT PRIMARY KEY,
          symbol           TEXT NOT NULL,
          decimal_digit    INTEGER NOT NULL,
          min_quote_amount TEXT NOT NULL,
          max_quote_amount TEXT NOT NULL,
          sort             INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE crypto_quote_assets (
          asset_id TEXT PRIMARY KEY REFERENCES assets (asset_id),
          sort     INTEGER NOT NULL
        ) STRICT;
        -- USD price per unit of an asset id or a fiat code. updated_at is real time (ms):
        -- staleness of live sources is measured on the real clock, even in sandbox mode.
        CREATE TABLE rates (
          rate_key   TEXT PRIMARY KEY,
          usd_price  TEXT NOT NULL,
          source     TEXT NOT NULL CHECK (source IN ('bundled', 'merchant', 'live')),
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE payees (
          payee_id   TEXT PRIMARY KEY,
          network_id TEXT NOT NULL UNIQUE,
          full_name  TEXT NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE payments (
          trace_id              TEXT PRIMARY KEY,
          payee_id              TEXT NOT NULL REFERENCES payees (payee_id),
          order_id              TEXT,
          quote_asset_id        TEXT NOT NULL,
          quote_amount          TEXT NOT NULL,   -- '' for an open amount
          fixed_payment_amount  TEXT NOT NULL,   -- '' unless the create gave paymentAmount
          settlement_asset_id   TEXT NOT NULL,   -- as asked; '' = what the payer pays
          strict_mode           INTEGER NOT NULL,
          payment_asset_id      TEXT NOT NULL,   -- '' for a one-time code without an instruction yet
          is_chain              INTEGER NOT NULL,
          remark                TEXT NOT NULL,
          note                  TEXT NOT NULL,
          settlement_memo       TEXT NOT NULL,
          return_to             TEXT NOT NULL,
          failed_return_to      TEXT NOT NULL,
          callback_url          TEXT NOT NULL,
          callback_events       TEXT NOT NULL,   -- '|'-joined optional events subscribed
          expired_at            INTEGER NOT NULL, -- payment deadline, unix seconds; 0 = none
          is_one_time           INTEGER NOT NULL,
          code_expires_at       INTEGER NOT NULL, -- one-time codes: end of the code's life (unix s)
          review_required       INTEGER NOT NULL,
          quote_usd_value       TEXT NOT NULL,
          current_client_id     TEXT NOT NULL,
          created_at            INTEGER NOT NULL,
          updated_at            INTEGER NOT NULL,
          -- the result
          status                TEXT NOT NULL CHECK (status IN ('unpaid','confirming','paid_less','pending','auditing','success','failed')),
          payable_amount        TEXT NOT NULL,   -- total due in the payment asset ('0' for an open amount)
          amount_locked         INTEGER NOT NULL DEFAULT 0,
          failure_code          TEXT NOT NULL DEFAULT '0',
          failure_reason        TEXT NOT NULL DEFAULT '',
          settle_status         TEXT NOT NULL DEFAULT '',
          settle_amount         TEXT NOT NULL DEFAULT '',
          settle_symbol         TEXT NOT NULL DEFAULT '',
          settle_asset          TEXT NOT NULL DEFAULT '',
          surplus_amount        TEXT NOT NULL DEFAULT '0',
          surplus_status        TEXT NOT NULL DEFAULT 'no',
          reviewed_by           TEXT NOT NULL DEFAULT '',
          reviewed_at           INTEGER NOT NULL DEFAULT 0,
          review_reason         TEXT NOT NULL DEFAULT '',
          UNIQUE (payee_id, order_id)
        ) STRICT;
        CREATE INDEX payments_created ON payments (created_at);
        CREATE INDEX payments_open ON payments (status) WHERE status NOT IN ('success', 'failed');
        CREATE TABLE instructions (
          client_id                   TEXT PRIMARY KEY,
          trace_id                    TEXT NOT NULL REFERENCES payments (trace_id),
          payment_asset_id            TEXT NOT NULL,
          payment_amount              TEXT NOT NULL,
          settlement_asset_id         TEXT NOT NULL,
          estimated_settlement_amount TEXT NOT NULL,
          price                       TEXT NOT NULL,
          is_chain                    INTEGER NOT NULL,
          recipient                   TEXT NOT NULL,
          memo                        TEXT NOT NULL,
          destination                 TEXT NOT NULL,
          tag                         TEXT NOT NULL,
          expire                      INTEGER NOT NULL, -- unix seconds
          seconds                     INTEGER NOT NULL,
          created_at                  INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX instructions_trace ON instructions (trace_id, created_at);
        CREATE TABLE deposit_addresses (
          network     TEXT NOT NULL,
          destination TEXT NOT NULL,
          tag         TEXT NOT NULL,
          trace_id    TEXT NOT NULL REFERENCES payments (trace_id),
          created_at  INTEGER NOT NULL,
          PRIMARY KEY (network, destination, tag)
        ) STRICT;
        CREATE UNIQUE INDEX deposit_addresses_trace ON deposit_addresses (trace_id, network);
        -- Append-only history: every fact and status change, with its cause.
        CREATE TABLE payment_events (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          trace_id    TEXT NOT NULL REFERENCES payments (trace_id),
          at          INTEGER NOT NULL,
          kind        TEXT NOT NULL,
          from_status TEXT NOT NULL,
          to_status   TEXT NOT NULL,
          detail      TEXT NOT NULL
        ) STRICT;
        CREATE INDEX payment_events_trace ON payment_events (trace_id, id);
      `;

export const migration002: Migration = {
  version: 2,
  name: 'catalogue, payees, rates, payments, instructions, events',
  up: (db) => db.exec(sql),
};
