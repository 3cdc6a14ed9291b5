/**
 * Backups as the owner sets and watches them (README, "Backups"): when the last good one was made,
 * what failed, when the next is due; the folder, the passphrase (asked twice), how often and how many
 * to keep; and "Back up now". The main process checks every field and says which one is wrong.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BackupStatus, TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { formatDateTime } from '../../app/format.js';
import { t } from '../../app/text.js';
import { BookExport } from './BookExport.js';
import { formatBytes } from './bytes.js';

type Message = { error: boolean; text: string; field?: string };

const sizeOf = formatBytes;

function BackupState({ status, settings }: { status: BackupStatus; settings: TillSettings }) {
  const when = (ms: number) => formatDateTime(ms, settings.locale, settings.timeZone);
  if (!status.configured) return <p>{t('backupNotSet')}</p>;
  return (
    <ul className="backup-state">
      <li>
        {status.lastSuccessAt
          ? t('backupLast', {
              time: when(status.lastSuccessAt),
              size: sizeOf(status.lastBytes),
              file: status.lastFile.split(/[\\/]/).pop() ?? '',
            })
          : t('backupNever')}
      </li>
      {status.lastError ? (
        <li role="alert" className="error">
          {t('backupFailed', { time: when(status.lastFailureAt), error: status.lastError })}
        </li>
      ) : null}
      {status.nextDueAt ? <li>{t('backupNext', { time: when(status.nextDueAt) })}</li> : null}
    </ul>
  );
}

function useBackups(setMessage: (message: Message | null) => void, onSaved: () => void) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['backup.status'],
    queryFn: () => api.call('backup.status', {}),
    refetchInterval: 10_000,
  });
  const done = (next: BackupStatus, text: string) => {
    queryClient.setQueryData(['backup.status'], next);
    void queryClient.invalidateQueries({ queryKey: ['backup.health'] });
    setMessage(next.lastError ? { error: true, text: next.lastError } : { error: false, text });
  };
  const fail = (e: Error) =>
    setMessage(
      e instanceof PosCallError
        ? { error: true, text: e.message, field: e.shape.field }
        : { error: true, text: e.message },
    );
  const configure = useMutation({
    mutationFn: (args: { folder: string; passphrase?: string; everyHours: number; keep: number }) =>
      api.call('backup.configure', args),
    onSuccess: (next) => {
      onSaved();
      done(next, t('backupSaved'));
    },
    onError: fail,
  });
  const run = useMutation({
    mutationFn: () => api.call('backup.run', {}),
    onSuccess: (next) =>
      done(next, t('backupMade', { file: next.lastFile.split(/[\\/]/).pop() ?? '', size: sizeOf(next.lastBytes) })),
    onError: fail,
  });
  return { status, configure, run };
}

interface FormProps {
  current: BackupStatus;
  saving: boolean;
  running: boolean;
  message: Message | null;
  onSave: (args: { folder: string; passphrase?: string; everyHours: number; keep: number }) => void;
  onRun: () => void;
  onMismatch: () => void;
}

function BackupForm({ current, saving, running, message, onSave, onRun, onMismatch }: FormProps) {
  const [folder, setFolder] = useState<string | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [everyHours, setEveryHours] = useState<string | null>(null);
  const [keep, setKeep] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passphrase !== again) return onMismatch();
    onSave({
      folder: folder ?? current.folder,
      ...(passphrase ? { passphrase } : {}),
      everyHours: Number(everyHours ?? current.everyHours),
      keep: Number(keep ?? current.keep),
    });
  };
  const invalid = (field: string) => (message?.error && message.field === field ? true : undefined);
  return (
    <form onSubmit={submit} className="backup-form">
      <label>
        {t('backupFolder')}
        <input
          value={folder ?? current.folder}
          onChange={(e) => setFolder(e.target.value)}
          required
          aria-invalid={invalid('folder')}
        />
      </label>
      <label>
        {current.configured ? t('backupPassphraseKeep') : t('backupPassphrase')}
        <input
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
          required={!current.configured}
          aria-invalid={invalid('passphrase')}
        />
      </label>
      <label>
        {t('backupPassphraseAgain')}
        <input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
      </label>
      <p className="hint">{t('backupPassphraseHint')}</p>
      <label>
        {t('backupEveryHours')}
        <input
          type="number"
          min={1}
          max={168}
          value={everyHours ?? current.everyHours}
          onChange={(e) => setEveryHours(e.target.value)}
        />
      </label>
      <label>
        {t('backupKeep')}
        <input type="number" min={1} max={365} value={keep ?? current.keep} onChange={(e) => setKeep(e.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={saving}>
          {t('backupSave')}
        </button>
        <button type="button" disabled={!current.configured || running} onClick={onRun}>
          {running ? t('backupRunning') : t('backupNow')}
        </button>
      </div>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

export function BackupPanel({ settings }: { settings: TillSettings }) {
  const [message, setMessage] = useState<Message | null>(null);
  // Only a saved form starts afresh (the typed passphrase does not linger); a refused one keeps what was typed.
  const [saves, setSaves] = useState(0);
  const { status, configure, run } = useBackups(setMessage, () => setSaves((n) => n + 1));
  if (!status.data) return null;
  const formKey = String(saves);
  return (
    <section className="backup-panel no-print" aria-labelledby="backup-title">
      <h3 id="backup-title">{t('backupTitle')}</h3>
      <p className="hint">{t('backupIntro')}</p>
      <BackupState status={status.data} settings={settings} />
      <BackupForm
        key={formKey}
        current={status.data}
        saving={configure.isPending}
        running={run.isPending}
        message={message}
        onSave={(args) => configure.mutate(args)}
        onRun={() => run.mutate()}
        onMismatch={() => setMessage({ error: true, text: t('backupPassphraseMismatch'), field: 'passphrase' })}
      />
      <BookExport />
    </section>
  );
}
