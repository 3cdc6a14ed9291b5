/** PostgreSQL version 4, the twin of gateway/migrations/004-result-machine.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration004: PgMigration = {
  version: 4,
  name: 'result state machine: transactions, settlement and deadline bookkeeping, sandbox chains',
  sql: `
    ALTER TABLE payments ADD COLUMN settle_due_at bigint NOT NULL DEFAULT 0;
    ALTER TABLE payments ADD COLUMN deadline_passed bigint NOT NULL DEFAULT 0;
    CREATE INDEX payments_settle_due ON payments (settle_due_at) WHERE settle_due_at > 0;
    CREATE INDEX payments_deadline ON payments (expired_at) WHERE expired_at > 0 AND status IN ('unpaid', 'confirming', 'paid_less');
    CREATE INDEX payments_code_expiry ON payments (code_expires_at) WHERE is_one_time = 1 AND payment_asset_id = '' AND status = 'unpaid';
    CREATE TABLE transactions (
      kind                   text NOT NULL CHECK (kind IN ('wallet', 'chain')),
      txid                   text NOT NULL,
      network                text NOT NULL,
      trace_id               text REFERENCES payments (trace_id),
      asset_id               text NOT NULL,
      amount                 text NOT NULL,
      destination            text NOT NULL,
      tag                    text NOT NULL,
      memo                   text NOT NULL,
      confirmations          bigint NOT NULL,
      required_confirmations bigint NOT NULL,
      confirmed              bigint NOT NULL,
      gone                   bigint NOT NULL DEFAULT 0,
      booked                 text NOT NULL CHECK (booked IN ('counted', 'surplus', 'wrong_asset', 'unmatched')),
      seen_at                bigint NOT NULL,
      PRIMARY KEY (kind, txid)
    );
    CREATE INDEX transactions_trace ON transactions (trace_id, seen_at);
    CREATE INDEX transactions_unconfirmed ON transactions (network) WHERE kind = 'chain' AND confirmed = 0 AND gone = 0;
    CREATE TABLE sandbox_chains (
      network text PRIMARY KEY,
      height  bigint NOT NULL
    );
  `,
};
