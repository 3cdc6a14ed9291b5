/**
 * gateway.db's schema as ordered migrations, one file per version (docs/architecture.md,
 * "Persistence and migrations"). A shipped migration is never edited; a change is a new file with
 * the next number, added at the end of this list. The runner (platform/db.ts) applies the pending
 * ones in one transaction and refuses a database written by a newer version.
 */
import type { Migration } from '../../platform/db.js';
import { migration001 } from './001-meta.js';
import { migration002 } from './002-catalogue-payments.js';
import { migration003 } from './003-callback-outbox.js';
import { migration004 } from './004-result-machine.js';
import { migration005 } from './005-callback-origin-index.js';
import { migration006 } from './006-evm-rail.js';
import { migration007 } from './007-scheduler-indexes.js';
import { migration008 } from './008-surplus-recompute.js';
import { migration009 } from './009-price-sources.js';
import { migration010 } from './010-refunds.js';
import { migration011 } from './011-refund-withdrawn.js';
import { migration012 } from './012-tills.js';
import { migration013 } from './013-shared-server-keys.js';
import { migration014 } from './014-leaner-create.js';

export const gatewayMigrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
];
