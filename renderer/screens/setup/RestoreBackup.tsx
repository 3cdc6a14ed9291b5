/**
 * First-run Setup: "Restore from a backup" (README, "Backups"). The main process checks the backup
 * whole (passphrase, seal, checksums, versions) before anything changes, then restarts to put it in
 * place; in the headless host this page then waits for the server and reloads (its token is new).
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RestoreStaged } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';

/** Reloads the page once the restarted server answers again. */
async function reloadWhenBack(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let tries = 0; tries < 120; tries++) {
    try {
      if ((await fetch('/', { cache: 'no-store' })).ok) return window.location.reload();
    } catch {
      // The server is restarting.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function RestoreBackup() {
  const api = usePosApi();
  const [file, setFile] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const restore = useMutation({
    mutationFn: () => api.call('backup.restore', { file, passphrase }),
    onSuccess: (staged: RestoreStaged) => {
      setError(null);
      if (staged.restarting) void reloadWhenBack();
    },
    onError: (e) =>
      setError(e instanceof PosCallError ? { text: e.message, field: e.shape.field } : { text: e.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    restore.mutate();
  };
  const staged = restore.data;
  return (
    <details className="restore-backup">
      <summary>{t('restoreTitle')}</summary>
      <p className="hint">{t('restoreIntro')}</p>
      <form onSubmit={submit}>
        <label>
          {t('restoreFile')}
          <input
            value={file}
            onChange={(e) => setFile(e.target.value)}
            required
            aria-invalid={error?.field === 'file' ? true : undefined}
          />
        </label>
        <label>
          {t('restorePassphrase')}
          <input
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            required
            aria-invalid={error?.field === 'passphrase' ? true : undefined}
          />
        </label>
        <button type="submit" disabled={restore.isPending || staged !== undefined}>
          {restore.isPending ? t('restoreChecking') : t('restoreRun')}
        </button>
        {error ? (
          <p role="alert" className="error">
            {error.text}
          </p>
        ) : null}
        {staged ? (
          <p role="status" className="ok">
            {t(staged.restarting ? 'restoreDone' : 'restoreDoneRestart', {
              orders: staged.orders,
              payments: staged.payments,
              time: staged.createdAt,
            })}
          </p>
        ) : null}
      </form>
    </details>
  );
}
