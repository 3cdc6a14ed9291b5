/** The receipt printer's settings: their own row (`printer`) of till.db's settings table, validated both ways. */
import { PrinterSettingsSchema, type PrinterSettings } from '../../../shared/posapi-printing.js';
import type { Db } from '../../platform/db.js';

export const DEFAULT_PRINTER: PrinterSettings = { target: '', columns: 42, drawerAfterCash: false };

export class PrinterSettingsStore {
  private readonly read;
  private readonly write;

  constructor(db: Db) {
    this.read = db.prepare("SELECT value FROM settings WHERE key = 'printer'").pluck();
    this.write = db.prepare(
      "INSERT INTO settings (key, value) VALUES ('printer', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    );
  }

  get(): PrinterSettings {
    const raw = this.read.get() as string | undefined;
    if (!raw) return { ...DEFAULT_PRINTER };
    const parsed = PrinterSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { ...DEFAULT_PRINTER };
  }

  save(settings: PrinterSettings): PrinterSettings {
    const next = PrinterSettingsSchema.parse(settings);
    this.write.run(JSON.stringify(next));
    return next;
  }
}
