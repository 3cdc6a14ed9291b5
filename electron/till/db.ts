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
import { migration as payBy } from './migrations/005-pay-by.js';

/** In order; a new migration is a new file added at the end. */
export const tillMigrations: readonly Migration[] = [settings, orderBook, pinAttempts, dueWork, payBy];

export function openTillDb(file: string): Db {
  return openDatabase({ file, migrations: tillMigrations });
}
