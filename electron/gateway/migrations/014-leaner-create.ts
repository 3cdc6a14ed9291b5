/**
 * gateway.db version 14: two structures every new order wrote to and nothing ever read.
 * - `instructions_trace`: no query finds instructions by trace (the current one is found through
 *   `payments.current_client_id`, an old one by its client id), and payments are never deleted, so no
 *   foreign-key check needs it either.
 * - `AUTOINCREMENT` on `payment_events`: it keeps ids from being reused after the newest row is
 *   deleted, and events are append-only, never deleted; a plain INTEGER PRIMARY KEY hands out the same
 *   ids (the largest plus one). Its bookkeeping row in `sqlite_sequence` was one more B-tree written by
 *   every commit. SQLite cannot drop AUTOINCREMENT in place, so the table is rebuilt with its rows and ids.
 * Each was a page in the write-ahead log per commit and an insert per create: together 5-10 µs of a
 * create's CPU (docs/performance.md, "What changed, and what was tried").
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

const COLUMNS = 'id, trace_id, at, kind, from_status, to_status, detail';

const sql = `
        DROP INDEX instructions_trace;
        CREATE TABLE payment_events_14 (
          id          INTEGER PRIMARY KEY,
          trace_id    TEXT NOT NULL REFERENCES payments (trace_id),
          at          INTEGER NOT NULL,
          kind        TEXT NOT NULL,
          from_status TEXT NOT NULL,
          to_status   TEXT NOT NULL,
          detail      TEXT NOT NULL
        ) STRICT;
        INSERT INTO payment_events_14 (${COLUMNS}) SELECT ${COLUMNS} FROM payment_events ORDER BY id;
        DROP TABLE payment_events;
        ALTER TABLE payment_events_14 RENAME TO payment_events;
        CREATE INDEX payment_events_trace ON payment_events (trace_id, id);
        DELETE FROM sqlite_sequence WHERE name = 'payment_events';
      `;

export const migration014: Migration = {
  version: 14,
  name: 'a leaner create: no unused instructions_trace index, payment_events without AUTOINCREMENT (rebuilt with its rows)',
  up: (db) => db.exec(sql),
};
