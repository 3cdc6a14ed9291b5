/**
 * till.db migration 12: shifts and their cash moves (shifts/book.ts owns both tables). At most one
 * shift is open (a partial unique index); a closed shift gets the next Z number and its report, and
 * triggers refuse any change or deletion of it afterwards: a Z report is immutable once closed.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 12,
  name: 'shifts',
  up(db) {
    db.exec(`
      CREATE TABLE shifts (
        shift_id      TEXT PRIMARY KEY,
        opened_at     INTEGER NOT NULL,
        opened_by_id  TEXT NOT NULL,
        opened_by     TEXT NOT NULL,
        float         TEXT NOT NULL,            -- decimal text: the cash in the drawer at the start
        closed_at     INTEGER,                  -- NULL while open
        closed_by_id  TEXT,
        closed_by     TEXT,
        number        INTEGER,                  -- the Z number, given at close: 1, 2, 3, ...
        expected_cash TEXT,
        counted_cash  TEXT,
        difference    TEXT,                     -- counted - expected (negative: short)
        report        TEXT                      -- JSON: the Z report as closed
      ) STRICT;
      CREATE UNIQUE INDEX shifts_one_open ON shifts (closed_at IS NULL) WHERE closed_at IS NULL;
      CREATE UNIQUE INDEX shifts_number ON shifts (number) WHERE number IS NOT NULL;
      CREATE TRIGGER shifts_closed_immutable BEFORE UPDATE ON shifts WHEN OLD.closed_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'a closed shift is never changed'); END;
      CREATE TRIGGER shifts_closed_kept BEFORE DELETE ON shifts WHEN OLD.closed_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'a closed shift is never deleted'); END;
      CREATE TABLE cash_moves (
        move_id  TEXT PRIMARY KEY,
        shift_id TEXT NOT NULL REFERENCES shifts (shift_id),
        at       INTEGER NOT NULL,
        kind     TEXT NOT NULL CHECK (kind IN ('in', 'out')),
        amount   TEXT NOT NULL,
        reason   TEXT NOT NULL,
        by_id    TEXT NOT NULL,
        by_name  TEXT NOT NULL
      ) STRICT;
      CREATE INDEX cash_moves_shift ON cash_moves (shift_id, at);
      CREATE INDEX sales_shift ON sales (shift_id) WHERE shift_id <> '';
    `);
  },
};
