/**
 * gateway.db version 4: what the result machine needs: due-work columns, the ledger of observed
 * money, sandbox chains. Schema only: new columns start at their defaults, no data moves.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        -- When the settlement of a pending payment falls due (gateway-clock ms; 0 = none). The
        -- scheduler finds due work in these columns, so a restart misses nothing.
        ALTER TABLE payments ADD COLUMN settle_due_at INTEGER NOT NULL DEFAULT 0;
        -- The deadline came while transactions were confirming: they are waited for (24 h at most).
        ALTER TABLE payments ADD COLUMN deadline_passed INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX payments_settle_due ON payments (settle_due_at) WHERE settle_due_at > 0;
        CREATE INDEX payments_deadline ON payments (expired_at) WHERE expired_at > 0 AND status IN ('unpaid', 'confirming', 'paid_less');
        CREATE INDEX payments_code_expiry ON payments (code_expires_at) WHERE is_one_time = 1 AND payment_asset_id = '' AND status = 'unpaid';

        -- Money observed by a rail. Every transaction is kept, whatever became of it.
        CREATE TABLE transactions (
          kind                   TEXT NOT NULL CHECK (kind IN ('wallet', 'chain')),
          txid                   TEXT NOT NULL,
          network                TEXT NOT NULL,
          trace_id               TEXT REFERENCES payments (trace_id),   -- NULL: matched no payment
          asset_id               TEXT NOT NULL,
          amount                 TEXT NOT NULL,
          destination            TEXT NOT NULL,
          tag                    TEXT NOT NULL,
          memo                   TEXT NOT NULL,
          confirmations          INTEGER NOT NULL,
          required_confirmations INTEGER NOT NULL,
          confirmed              INTEGER NOT NULL,
          gone                   INTEGER NOT NULL DEFAULT 0,
          booked                 TEXT NOT NULL CHECK (booked IN ('counted', 'surplus', 'wrong_asset', 'unmatched')),
          seen_at                INTEGER NOT NULL,
          PRIMARY KEY (kind, txid)
        ) STRICT;
        CREATE INDEX transactions_trace ON transactions (trace_id, seen_at);
        CREATE INDEX transactions_unconfirmed ON transactions (network) WHERE kind = 'chain' AND confirmed = 0 AND gone = 0;

        CREATE TABLE sandbox_chains (
          network TEXT PRIMARY KEY,
          height  INTEGER NOT NULL
        ) STRICT;
      `;

export const migration004: Migration = {
  version: 4,
  name: 'result state machine: transactions, settlement and deadline bookkeeping, sandbox chains',
  up: (db) => db.exec(sql),
};
