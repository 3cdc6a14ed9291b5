/**
 * PostgreSQL version 13, the twin of gateway/migrations/013-shared-server-keys.ts: the tables written
 * beside a payment lose their foreign keys to `payments`. A foreign key check reads the payments key
 * index under the writer's SERIALIZABLE transaction, which PostgreSQL locks by index page; every new
 * payment lands on the index's last page (time-ordered trace ids), so two server processes creating
 * at once each read a page the other wrote, and one of them was cancelled and ran again (measured:
 * about half the create transactions of two processes; docs/scaling.md, "Why creates add up across
 * processes"). The rows still only ever name a payment: each is written by the gateway in the
 * transaction that reads or creates its payment, and migrate-db's per-table checksums compare copies.
 * Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration013: PgMigration = {
  version: 13,
  name: 'shop server: no foreign keys to payments on PostgreSQL (nothing on SQLite)',
  sql: `
    DO $$
    DECLARE fk record;
    BEGIN
      FOR fk IN
        SELECT conrelid::regclass AS child, conname
        FROM pg_constraint
        WHERE contype = 'f' AND confrelid = 'payments'::regclass
          AND conrelid = ANY (ARRAY['instructions', 'payment_events', 'deposit_addresses', 'transactions', 'refunds']::regclass[])
      LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.child, fk.conname);
      END LOOP;
    END $$;
  `,
};
