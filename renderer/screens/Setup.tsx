/**
 * First run and later changes: find the shop's payee, choose how to charge and which gateway. At
 * first run (no owner PIN yet) anyone installing saves; after that Save asks for the owner PIN,
 * opens an owner session for this one save (the main process checks it), and locks it again
 * (README, "Security"). The parts live in ./setup/.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { PayeeView, TillSettings } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { GatewayChoice } from './setup/GatewayChoice.js';
import { CurrentOwnerPin, NewOwnerPin } from './setup/OwnerPin.js';
import { PayeeLookup } from './setup/PayeeLookup.js';
import { saveAsOwner, saveRefusal } from './setup/save-settings.js';
import {
  FIELD_INPUT_ID,
  firstProblem,
  formProblems,
  initialForm,
  settingsPatch,
  type SetupForm,
  type SetupMessage,
} from './setup/setup-form.js';
import { PayeeChange } from './setup/PayeeChange.js';
import { ShopDetails } from './setup/ShopDetails.js';
import { RestoreBackup } from './setup/RestoreBackup.js';
import { PrinterSetup } from '../printing/PrinterSetup.js';

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

/** A new payee is looked up first, so the confirmation can name it (its id alone when the lookup fails). */
function usePayeeChange(settings: TillSettings, form: SetupForm, save: () => void) {
  const api = usePosApi();
  const [next, setNext] = useState<PayeeView | null>(null);
  const changing = settings.payee !== null && form.networkId !== settings.payee.networkId;
  const ask = async () => {
    if (!changing) return save();
    const found = await api
      .call('payee.lookup', { networkId: form.networkId })
      .catch(() => ({ networkId: form.networkId, payeeId: '', fullName: '' }));
    setNext(found.fullName ? found : { ...found, fullName: form.networkId });
  };
  const dialog =
    next && settings.payee ? (
      <PayeeChange
        from={{ name: settings.shopName || settings.payee.fullName, networkId: settings.payee.networkId }}
        to={next}
        onConfirm={() => {
          setNext(null);
          save();
        }}
        onKeep={() => setNext(null)}
      />
    ) : null;
  return { ask, dialog };
}

export function Setup({ settings }: { settings: TillSettings }) {
  const [form, setForm] = useState(() => initialForm(settings));
  const edit = (change: Partial<SetupForm>) => setForm((current) => ({ ...current, ...change }));
  const [message, setMessage] = useState<SetupMessage | null>(null);
  const [attempted, setAttempted] = useState(false);
  // A new till's empty form is not an error yet: its problems show once something was typed or Save pressed.
  const untouched = form.networkId === '' && !settings.configured;
  const allProblems = formProblems(form, settings);
  const problems = attempted || !untouched ? allProblems : {};
  const blocked = firstProblem(allProblems) !== undefined;
  // A new lookup answers for itself beside its field: an earlier Save's refusal would only mislead.
  useEffect(() => setMessage(null), [form.lookedUpPayeeId]);
  const save = useSaveSettings(settings, form, setMessage);
  const payeeChange = usePayeeChange(settings, form, () => save.mutate());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every field with a problem is marked at once, the first takes the focus, and nothing is saved.
    const first = firstProblem(allProblems);
    if (first) {
      setAttempted(true);
      document.getElementById(FIELD_INPUT_ID[first])?.focus();
      return;
    }
    void payeeChange.ask();
  };
  const fields = { form, edit, settings, message, problems };

  return (
    <section className="screen setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setupTitle')}</h2>
      <p>{t('setupIntro')}</p>
      {settings.configured ? null : <RestoreBackup />}
      <form onSubmit={submit} noValidate>
        <div className="setup-columns">
          <div>
            <PayeeLookup form={form} edit={edit} problem={problems.networkId} />
            <ShopDetails
              form={form}
              edit={edit}
              settings={settings}
              invalidField={message?.field}
              problem={problems.timeToPay}
            />
          </div>
          <div>
            <NewOwnerPin {...fields} />
            <GatewayChoice {...fields} />
            <CurrentOwnerPin {...fields} />
            <div className="save-row">
              <button type="submit" className="primary" disabled={save.isPending} aria-describedby="setup-message">
                {t('save')}
              </button>
              {/* Save with a problem left says so here, in the error style once Save was pressed (a hint while
                  typing); each problem is named beside its own field. */}
              <p
                id="setup-message"
                role={message?.kind === 'error' ? 'alert' : 'status'}
                className={
                  message?.kind === 'error' || (!message && blocked && attempted) ? 'error' : message ? 'ok' : 'hint'
                }
              >
                {message?.text ?? (blocked && (attempted || !untouched) ? t('saveFixMarked') : '')}
              </p>
            </div>
          </div>
        </div>
      </form>
      {settings.configured ? <PrinterSetup /> : null}
      {payeeChange.dialog}
    </section>
  );
}
