/** The PosApi's views of backups (README, "Backups"). */
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
