/**
 * PostgreSQL version 2, the twin of gateway/migrations/002-catalogue-payments.ts: the catalogue,
 * payees, rates, payments with their instructions, deposit addresses and history. `payment_events.id`
 * is an identity column where SQLite has AUTOINCREMENT. Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration002: PgMigration = {
  version: 2,
  name: 'catalogue, payees, rates, payments, instructions, events',
  sql: `
    CREATE TABLE networks (
      network                text PRIMARY KEY,
      required_confirmations bigint NOT NULL,
      proxy                  bigint NOT NULL,
      explorer_tx_url        text NOT NULL,
      address_style          text NOT NULL
    );
    CREATE TABLE assets (
      asset_id           text PRIMARY KEY,
      symbol             text NOT NULL,
      name               text NOT NULL,
      network            text NOT NULL REFERENCES networks (network),
      chain_asset_id     text NOT NULL,
      precision          bigint NOT NULL,
      on_chain_supported bigint NOT NULL,
      min_payment_amount text NOT NULL,
      max_payment_amount text NOT NULL,
      icon_url           text NOT NULL,
      live               bigint NOT NULL DEFAULT 0,
      sort               bigint NOT NULL
    );
    CREATE TABLE fiat_currencies (
      code             text PRIMARY KEY,
      symbol           text NOT NULL,
      decimal_digit    bigint NOT NULL,
      min_quote_amount text NOT NULL,
      max_quote_amount text NOT NULL,
      sort             bigint NOT NULL
    );
    CREATE TABLE crypto_quote_assets (
      asset_id text PRIMARY KEY REFERENCES assets (asset_id),
      sort     bigint NOT NULL
    );
    CREATE TABLE rates (
      rate_key   text PRIMARY KEY,
      usd_price  text NOT NULL,
      source     text NOT NULL CHECK (source IN ('bundled', 'merchant', 'live')),
      updated_at bigint NOT NULL
    );
    CREATE TABLE payees (
      payee_id   text PRIMARY KEY,
      network_id text NOT NULL UNIQUE,
      full_name  text NOT NULL,
      created_at bigint NOT NULL
    );
    CREATE TABLE payments (
      trace_id              text PRIMARY KEY,
      payee_id              text NOT NULL REFERENCES payees (payee_id),
      order_id              text,
      quote_asset_id        text NOT NULL,
      quote_amount          text NOT NULL,
      fixed_payment_amount  text NOT NULL,
      settlement_asset_id   text NOT NULL,
      strict_mode           bigint NOT NULL,
      payment_asset_id      text NOT NULL,
      is_chain              bigint NOT NULL,
      remark                text NOT NULL,
      note                  text NOT NULL,
      settlement_memo       text NOT NULL,
      return_to             text NOT NULL,
      failed_return_to      text NOT NULL,
      callback_url          text NOT NULL,
      callback_events       text NOT NULL,
      expired_at            bigint NOT NULL,
      is_one_time           bigint NOT NULL,
      code_expires_at       bigint NOT NULL,
      review_required       bigint NOT NULL,
      quote_usd_value       text NOT NULL,
      current_client_id     text NOT NULL,
      created_at            bigint NOT NULL,
      updated_at            bigint NOT NULL,
      status                text NOT NULL CHECK (status IN ('unpaid','confirming','paid_less','pending','auditing','success','failed')),
      payable_amount        text NOT NULL,
      amount_locked         bigint NOT NULL DEFAULT 0,
      failure_code          text NOT NULL DEFAULT '0',
      failure_reason        text NOT NULL DEFAULT '',
      settle_status         text NOT NULL DEFAULT '',
      settle_amount         text NOT NULL DEFAULT '',
      settle_symbol         text NOT NULL DEFAULT '',
      settle_asset          text NOT NULL DEFAULT '',
      surplus_amount        text NOT NULL DEFAULT '0',
      surplus_status        text NOT NULL DEFAULT 'no',
      reviewed_by           text NOT NULL DEFAULT '',
      reviewed_at           bigint NOT NULL DEFAULT 0,
      review_reason         text NOT NULL DEFAULT '',
      UNIQUE (payee_id, order_id)
    );
    CREATE INDEX payments_created ON payments (created_at);
    CREATE INDEX payments_open ON payments (status) WHERE status NOT IN ('success', 'failed');
    CREATE TABLE instructions (
      client_id                   text PRIMARY KEY,
      trace_id                    text NOT NULL REFERENCES payments (trace_id),
      payment_asset_id            text NOT NULL,
      payment_amount              text NOT NULL,
      settlement_asset_id         text NOT NULL,
      estimated_settlement_amount text NOT NULL,
      price                       text NOT NULL,
      is_chain                    bigint NOT NULL,
      recipient                   text NOT NULL,
      memo                        text NOT NULL,
      destination                 text NOT NULL,
      tag                         text NOT NULL,
      expire                      bigint NOT NULL,
      seconds                     bigint NOT NULL,
      created_at                  bigint NOT NULL
    );
    CREATE INDEX instructions_trace ON instructions (trace_id, created_at);
    CREATE TABLE deposit_addresses (
      network     text NOT NULL,
      destination text NOT NULL,
      tag         text NOT NULL,
      trace_id    text NOT NULL REFERENCES payments (trace_id),
      created_at  bigint NOT NULL,
      PRIMARY KEY (network, destination, tag)
    );
    CREATE UNIQUE INDEX deposit_addresses_trace ON deposit_addresses (trace_id, network);
    CREATE TABLE payment_events (
      id          bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      trace_id    text NOT NULL REFERENCES payments (trace_id),
      at          bigint NOT NULL,
      kind        text NOT NULL,
      from_status text NOT NULL,
      to_status   text NOT NULL,
      detail      text NOT NULL
    );
    CREATE INDEX payment_events_trace ON payment_events (trace_id, id);
  `,
};
