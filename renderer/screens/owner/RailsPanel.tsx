/**
 * The live rails as the owner sees them: each chain's scanner health (lag unknown until a block is seen),
 * the guided form and the configuration as JSON (advanced), saved through the main process, which checks it (docs/api.md, "Live rails"). Absent in sandbox mode.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RailHealthView } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { RailsForm } from './RailsForm.js';

type Message = { error: boolean; text: string };

function RailsHealth({ health }: { health: RailHealthView[] }) {
  return (
    <ul>
      {health.length === 0 ? <li>{t('railsNone')}</li> : null}
      {health.map((h) => (
        <li key={h.chainId}>
          {t('railHealth', {
            network: h.network,
            chainId: h.chainId,
            lastBlock: h.lastBlock < 0 ? t('lagUnknown') : h.lastBlock,
            head: h.head < 0 ? t('lagUnknown') : h.head,
            // No block ever seen: the lag is not 0, it is unknown.
            lag: h.lastBlock < 0 || h.head < 0 ? t('lagUnknown') : h.lag,
          })}
          {h.lastError ? <span className="error"> · {t('railError', { error: h.lastError })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The rails view, and a save that answers in words (saved, or why not). */
function useRails(setMessage: (message: Message) => void) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const rails = useQuery({
    queryKey: ['owner.rails'],
    queryFn: () => api.call('owner.rails', {}),
    refetchInterval: 5000,
  });
  const save = useMutation({
    mutationFn: (config: Record<string, unknown>) => api.call('owner.saveRails', { config }),
    onSuccess: (view) => {
      queryClient.setQueryData(['owner.rails'], view);
      setMessage({ error: false, text: t('railsSaved') });
    },
    onError: (e) => setMessage({ error: true, text: e instanceof PosCallError ? e.message : e.message }),
  });
  return { rails, save };
}

export function RailsPanel() {
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const { rails, save } = useRails(setMessage);
  if (!rails.data) return null;
  if (!rails.data.available) return <p className="hint no-print">{rails.data.reason}</p>;
  const value = text ?? (rails.data.config ? JSON.stringify(rails.data.config, null, 2) : '');
  const submit = () => {
    try {
      save.mutate(JSON.parse(value) as Record<string, unknown>);
    } catch {
      setMessage({ error: true, text: t('jsonInvalid') });
    }
  };
  return (
    <section aria-labelledby="rails-title" className="rails no-print">
      <h3 id="rails-title">{t('railsTitle')}</h3>
      <RailsHealth health={rails.data.health} />
      <RailsForm onSave={(config) => save.mutate(config)} busy={save.isPending} />
      <details>
        <summary>{t('railsAdvanced')}</summary>
        <label>
          {t('railsConfig')}
          <textarea
            rows={10}
            value={value}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            aria-invalid={message?.error ?? false}
          />
        </label>
        <button type="button" onClick={submit}>
          {t('railsSave')}
        </button>
      </details>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
