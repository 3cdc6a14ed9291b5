/**
 * Backups as the owner runs them (README, "Backups"): status, settings and "back up now" need the
 * owner; every screen may ask whether backups are overdue (the Charge screen warns).
 */
import {
  type BackupHealth,
  type BackupStatus,
  type BookExport,
  type PosError,
  type RestoreStaged,
} from '../../../shared/posapi.js';
import { exportBook } from '../owner/book-export.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillBackups, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { posError } from '../../../shared/pos-error.js';

function backupsOf(till: TillParts): TillBackups {
  const backups = till.deps.backups;
  if (!backups) throw posError('backups_unavailable');
  return backups;
}

/** The backup service's refusal of settings, keyed for the till's language (the English words unchanged). */
function settingsRefusal(message: string): PosError {
  if (message === 'folder: must be an absolute path') return posError('backup_folder_not_absolute', {}, 'folder');
  if (message === 'passphrase: is required the first time')
    return posError('backup_passphrase_first', {}, 'passphrase');
  const missing = /^folder: (.*) does not exist \(plug in the drive, or create the folder first\)$/.exec(message);
  if (missing) return posError('backup_folder_missing', { folder: missing[1]! }, 'folder');
  const field = message.startsWith('passphrase') ? 'passphrase' : 'folder';
  return posError('backup_problem', { message: message.startsWith(field) ? message : `${field}: ${message}` }, field);
}

/** A backup that cannot be restored here: why (sealed-file.ts's reasons), keyed, the English words unchanged. */
function restoreRefusal(error: unknown): PosError {
  const message = error instanceof Error ? error.message : String(error);
  const field = /passphrase/i.test(message) ? 'passphrase' : 'file';
  const reason = (error as { reason?: unknown }).reason;
  if (reason === 'wrong_passphrase') return posError('restore_wrong_passphrase', { message }, 'passphrase');
  if (reason === 'not_a_backup') return posError('restore_not_a_backup', { message }, field);
  if (reason === 'damaged') return posError('restore_damaged', { message }, field);
  return posError('backup_problem', { message }, field);
}

/** A till without backups is warned about once it holds two days of sales (a new one is not nagged). */
const UNPROTECTED_AFTER_MS = 48 * 3600_000;

/** backup.health */
export async function backupHealth(till: TillParts): Promise<BackupHealth> {
  const status = till.deps.backups?.status();
  if (!status) return { configured: false, overdue: false, lastSuccessAt: 0, failing: false };
  if (!status.configured) {
    const oldest = till.book.oldestCreatedAt();
    const unprotected = oldest > 0 && till.deps.clock.now() - oldest > UNPROTECTED_AFTER_MS;
    return { configured: false, overdue: unprotected, lastSuccessAt: 0, failing: false };
  }
  return {
    configured: status.configured,
    overdue: status.overdue,
    lastSuccessAt: status.lastSuccessAt,
    failing: status.lastError !== '',
  };
}

/** backup.status */
export async function backupStatus(till: TillParts): Promise<BackupStatus> {
  return backupsOf(till).status();
}

/** backup.configure: a folder that cannot be made or a missing first passphrase is refused, naming the field. */
export async function configureBackups(
  till: TillParts,
  settings: Args<'backup.configure'>,
  caller: PosCaller,
): Promise<BackupStatus> {
  try {
    const status = await backupsOf(till).configure(settings);
    const { folder, everyHours, keep } = settings;
    till.audit.record(callerActor(caller), 'backup.settings', folder, {
      everyHours,
      keep,
      newPassphrase: settings.passphrase !== undefined,
    });
    return status;
  } catch (error) {
    throw settingsRefusal(error instanceof Error ? error.message : String(error));
  }
}

/** backup.run: makes one now and answers the status (a failure is in it, and in the log). */
export async function runBackup(till: TillParts, _args: Args<'backup.run'>, caller: PosCaller): Promise<BackupStatus> {
  const backups = backupsOf(till);
  if (!backups.status().configured) throw posError('backup_not_configured', {}, 'folder');
  await backups.backupNow().catch(() => undefined);
  const status = backups.status();
  till.audit.record(callerActor(caller), 'backup.made', status.lastFile, {
    ok: status.lastError === '',
    error: status.lastError,
  });
  return status;
}

/**
 * backup.restore: only a new till (not set up, no orders) is replaced, so no one's sales can be thrown
 * away from the counter. The backup is fully checked before anything changes; the restart applies it.
 */
export async function restoreBackupHere(
  till: TillParts,
  { file, passphrase }: Args<'backup.restore'>,
): Promise<RestoreStaged> {
  if (till.settings.stored().payee !== null || till.book.oldestCreatedAt() !== 0) throw posError('restore_only_new');
  const backups = backupsOf(till);
  let staged;
  try {
    staged = await backups.stageRestore(file, passphrase);
  } catch (error) {
    throw restoreRefusal(error);
  }
  const restart = till.deps.requestRestart;
  if (restart) setTimeout(restart, 200); // after this answer has left
  return { createdAt: staged.createdAt, ...staged.counts, restarting: restart !== undefined };
}

/** backup.exportBook: every order, transaction, order event and audit row as CSV files in one zip; logged. */
export async function exportWholeBook(
  till: TillParts,
  _args: Args<'backup.exportBook'>,
  caller: PosCaller,
): Promise<BookExport> {
  const { timeZone } = till.settings.stored();
  const { filename, zip, files } = await exportBook({ file: till.book.db.name, timeZone, now: till.deps.clock.now() });
  till.audit.record(callerActor(caller), 'export.book', filename, { bytes: zip.byteLength, files });
  return { filename, zipBase64: Buffer.from(zip).toString('base64'), bytes: zip.byteLength, files };
}
