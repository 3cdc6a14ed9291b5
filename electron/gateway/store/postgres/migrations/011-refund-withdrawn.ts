/**
 * PostgreSQL version 11, the twin of gateway/migrations/011-refund-withdrawn.ts: a refund can be
 * withdrawn (status `withdrawn`, with its reason). PostgreSQL changes a CHECK in place and adds the
 * column at the end, as SQLite's rebuilt table has it. Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration011: PgMigration = {
  version: 11,
  name: 'refunds can be withdrawn; a flagged refund keeps counting until then',
  sql: `
    ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
    ALTER TABLE refunds ADD CONSTRAINT refunds_status_check
      CHECK (status IN ('to_send', 'sent', 'confirmed', 'flagged', 'kept', 'withdrawn'));
    ALTER TABLE refunds ADD COLUMN withdrawn_reason text NOT NULL DEFAULT '';
  `,
};
