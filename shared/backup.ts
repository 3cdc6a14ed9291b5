/** The PosApi's backup commands and views (README, "Backups"). */
import { z } from 'zod';

/** Backups as the owner sees them (README, "Backups"); times are unix ms on the till's clock, 0 when never. */
export interface BackupStatus {
  configured: boolean;
  folder: string;
  everyHours: number;
  keep: number;
  lastSuccessAt: number;
  lastFile: string;
  lastBytes: number;
  /** Why the last attempt failed; '' after a success. */
  lastError: string;
  lastFailureAt: number;
  nextDueAt: number;
  running: boolean;
  /** No good backup for more than two days (or never): the Charge screen warns. */
  overdue: boolean;
}

/** What every screen may know of backups: enough to warn, nothing of where they are. */
export interface BackupHealth {
  configured: boolean;
  overdue: boolean;
  lastSuccessAt: number;
  failing: boolean;
}

/** A backup checked and unpacked to replace a new till; `restarting` when the app restarts by itself to apply it. */
export interface RestoreStaged {
  createdAt: string;
  orders: number;
  payments: number;
  restarting: boolean;
}

/** The whole book as CSV files in one zip (README, "Exporting the whole book"); `zipBase64` holds the zip's bytes. */
export interface BookExport {
  filename: string;
  zipBase64: string;
  bytes: number;
  files: { name: string; rows: number }[];
}

/** Argument schemas of the backup commands, part of posArgSchemas. */
export const backupArgSchemas = {
  'backup.health': z.object({}).strict(),
  'backup.status': z.object({}).strict(),
  /** Where and how often; `passphrase` is required the first time and changes the key when given. */
  'backup.configure': z
    .object({
      folder: z.string().trim().min(1, 'is required').max(1024),
      passphrase: z.string().min(10, 'must be at least 10 characters').max(256).optional(),
      everyHours: z.number().int().min(1).max(168),
      keep: z.number().int().min(1).max(365),
    })
    .strict(),
  'backup.run': z.object({}).strict(),
  'backup.exportBook': z.object({}).strict(),
  /** First run only: checks a backup and restores it in place of this new till, then restarts. */
  'backup.restore': z
    .object({
      file: z.string().trim().min(1, 'is required').max(1024),
      passphrase: z.string().min(1, 'is required').max(256),
    })
    .strict(),
} as const;
