/**
 * till.db: the till's schema as ordered migrations, one numbered file each under migrations/
 * (docs/architecture.md, "Persistence and migrations"). The runner (platform/db.ts) applies the
 * pending ones in one transaction and refuses a till.db written by a newer version.
 */
import { openDatabase, type Db, type Migration } from '../platform/db.js';
import { migration as settings } from './migrations/001-settings.js';
import { migration as orderBook } from './migrations/002-order-book.js';
import { migration as pinAttempts } from './migrations/003-pin-attempts.js';
import { migration as dueWork } from './migrations/004-due-work.js';
import { migration as paidWithinDue } from './migrations/005-paid-within-due.js';
import { migration as staff } from './migrations/006-staff.js';
import { migration as orderCashier } from './migrations/007-order-cashier.js';
import { migration as auditLog } from './migrations/008-audit-log.js';
import { migration as payBy } from './migrations/009-pay-by.js';
import { migration as catalogue } from './migrations/010-catalogue.js';
import { migration as sales } from './migrations/011-sales.js';
import { migration as shifts } from './migrations/012-shifts.js';
import { migration as refunds } from './migrations/013-refunds.js';
import { migration as orderAssetFacts } from './migrations/014-order-asset-facts.js';

/** In order; a new migration is a new file added at the end. */
export const tillMigrations: readonly Migration[] = [
  settings,
  orderBook,
  pinAttempts,
  dueWork,
  paidWithinDue,
  staff,
  orderCashier,
  auditLog,
  payBy,
  catalogue,
  sales,
  shifts,
  refunds,
  orderAssetFacts,
];

export function openTillDb(file: string): Db {
  return openDatabase({ file, migrations: tillMigrations });
}
