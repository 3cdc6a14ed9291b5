/**
 * The gateway's schema on PostgreSQL: one twin per SQLite migration of gateway/migrations/, with the
 * same number (test/api/pg-schema.test.ts fails when the two lists or their tables drift apart).
 * A new migration is written for both engines, added at the end of both lists.
 */
import type { PgMigration } from '../migrate.js';
import { pgMigration001 } from './001-meta.js';
import { pgMigration002 } from './002-catalogue-payments.js';
import { pgMigration003 } from './003-callback-outbox.js';
import { pgMigration004 } from './004-result-machine.js';
import { pgMigration005 } from './005-callback-origin-index.js';
import { pgMigration006 } from './006-evm-rail.js';
import { pgMigration007 } from './007-scheduler-indexes.js';
import { pgMigration008 } from './008-surplus-recompute.js';
import { pgMigration009 } from './009-price-sources.js';
import { pgMigration010 } from './010-refunds.js';
import { pgMigration011 } from './011-refund-withdrawn.js';
import { pgMigration012 } from './012-tills.js';
import { pgMigration013 } from './013-shared-server-keys.js';
import { pgMigration014 } from './014-leaner-create.js';

export const gatewayPgMigrations: readonly PgMigration[] = [
  pgMigration001,
  pgMigration002,
  pgMigration003,
  pgMigration004,
  pgMigration005,
  pgMigration006,
  pgMigration007,
  pgMigration008,
  pgMigration009,
  pgMigration010,
  pgMigration011,
  pgMigration012,
  pgMigration013,
  pgMigration014,
];
