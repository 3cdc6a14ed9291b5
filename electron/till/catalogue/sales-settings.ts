/**
 * The shop's sales settings (tax mode, rounding rule, tips, the shop's address and tax id), one JSON
 * document under the key `sales` of till.db's `settings` table, beside the till's own settings
 * (settings/store.ts) and validated on the way in and out: a stored value that fails resets to defaults.
 */
import { DEFAULT_SALES_SETTINGS, SalesSettingsSchema, type SalesSettings } from '../../../shared/posapi-sales.js';
import type { Db } from '../../platform/db.js';

export class SalesSettingsStore {
  private readonly read;
  private readonly write;

  constructor(db: Db) {
    this.read = db.prepare("SELECT value FROM settings WHERE key = 'sales'").pluck();
    this.write = db.prepare(
      "INSERT INTO settings (key, value) VALUES ('sales', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    );
  }

  get(): SalesSettings {
    const raw = this.read.get() as string | undefined;
    if (!raw) return { ...DEFAULT_SALES_SETTINGS };
    const parsed = SalesSettingsSchema.safeParse({ ...DEFAULT_SALES_SETTINGS, ...(JSON.parse(raw) as object) });
    return parsed.success ? parsed.data : { ...DEFAULT_SALES_SETTINGS };
  }

  update(changes: Partial<SalesSettings>): SalesSettings {
    const next = SalesSettingsSchema.parse({ ...this.get(), ...changes });
    this.write.run(JSON.stringify(next));
    return next;
  }
}
