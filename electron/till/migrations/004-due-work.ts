/**
 * till.db migration 4: due work. The work the till owes each order, found by time, so a restart (even
 * `kill -9`) resumes exactly what was due (docs/architecture.md, "Due work"); work/due-work.ts owns the
 * table. Orders open at the upgrade get their due work here: queued ones a send, ones the gateway has a
 * poll, instructions that can still be paid a refresh at their window's end; all due at once (the till
 * reconciles at start anyway).
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 4,
  name: 'due work',
  up(db) {
    db.exec(`
      CREATE TABLE due_work (
        id             INTEGER PRIMARY KEY,         -- sends go in this order: the order they were written in
        order_id       TEXT NOT NULL REFERENCES orders (order_id),
        kind           TEXT NOT NULL CHECK (kind IN ('poll', 'send', 'refresh')),
        due_at         INTEGER NOT NULL,            -- ms on the till's clock
        gateway_due_at INTEGER NOT NULL DEFAULT 0,  -- work timed by the gateway's clock (a window's end): that instant in its ms; else 0
        UNIQUE (order_id, kind)
      ) STRICT;
      CREATE INDEX due_work_due ON due_work (due_at);
      CREATE INDEX due_work_kind ON due_work (kind, due_at);

      INSERT INTO due_work (order_id, kind, due_at)
        SELECT order_id, 'send', 0 FROM orders WHERE status = 'queued' ORDER BY created_at;
      INSERT INTO due_work (order_id, kind, due_at)
        SELECT order_id, 'poll', 0 FROM orders WHERE status NOT IN ('queued', 'success', 'failed') ORDER BY created_at;
      INSERT INTO due_work (order_id, kind, due_at, gateway_due_at)
        SELECT order_id, 'refresh', window_end, window_end FROM (
          SELECT order_id, created_at, CAST(json_extract(instruction, '$.expire') AS INTEGER) * 1000 AS window_end
          FROM orders WHERE status IN ('unpaid', 'paid_less') AND json_valid(instruction)
        ) WHERE window_end > 0 ORDER BY created_at;
    `);
  },
};
