/**
 * First run and later changes: find the shop's payee, choose how to charge and which gateway. At
 * first run (no owner PIN yet) anyone installing saves; after that Save asks for the owner PIN,
 * opens an owner session for this one save (the main process checks it), and locks it again
 * (README, "Security"). The parts live in ./setup/.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { GatewayChoice } from './setup/GatewayChoice.js';
import { CurrentOwnerPin, NewOwnerPin } from './setup/OwnerPin.js';
import { PayeeLookup } from './setup/PayeeLookup.js';
import { saveAsOwner, saveRefusal } from './setup/save-settings.js';
import { canSave, initialForm, settingsPatch, type SetupForm, type SetupMessage } from './setup/setup-form.js';
import { ShopDetails } from './setup/ShopDetails.js';
import { RestoreBackup } from './setup/RestoreBackup.js';

/** Save: the settings go to the main process; once saved, the cashier is back on Charge. */
function useSaveSettings(settings: TillSettings, form: SetupForm, setMessage: (message: SetupMessage) => void) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const go = useCashier((s) => s.go);
  return useMutation({
    mutationFn: () => saveAsOwner(api, settingsPatch(form), settings, form.currentPin),
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings'], saved);
      void queryClient.invalidateQueries({ queryKey: ['assets.quote'] });
      setMessage({ kind: 'ok', text: t('saved') });
      go('charge');
    },
    onError: (error) => setMessage(saveRefusal(error, form.networkId)),
  });
}

export function Setup({ settings }: { settings: TillSettings }) {
  const [form, setForm] = useState(() => initialForm(settings));
  const edit = (change: Partial<SetupForm>) => setForm((current) => ({ ...current, ...change }));
  const [message, setMessage] = useState<SetupMessage | null>(null);
  const save = useSaveSettings(settings, form, setMessage);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const fields = { form, edit, settings, message };

  return (
    <section className="screen setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setupTitle')}</h2>
      <p>{t('setupIntro')}</p>
      {settings.configured ? null : <RestoreBackup />}
      <form onSubmit={submit}>
        <PayeeLookup form={form} edit={edit} message={message} onMessage={setMessage} />
        <ShopDetails form={form} edit={edit} settings={settings} />
        <NewOwnerPin {...fields} />
        <GatewayChoice {...fields} />
        <CurrentOwnerPin {...fields} />
        <p
          id="setup-message"
          role={message?.kind === 'error' ? 'alert' : 'status'}
          className={message?.kind === 'error' ? 'error' : 'ok'}
        >
          {message?.text ?? ''}
        </p>
        <button type="submit" className="primary" disabled={save.isPending || !canSave(form, settings)}>
          {t('save')}
        </button>
      </form>
    </section>
  );
}
