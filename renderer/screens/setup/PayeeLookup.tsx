/**
 * The shop's payee: its network id (digits only), and Look up, which asks the gateway whether it is
 * one of its users and offers its name as the shop name; its answer shows right under the field. On a
 * live gateway that does not know the shop yet, Setup registers it there.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PayeeView } from '../../../shared/posapi.js';
import { useAppInfo } from '../../api/hooks.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t, type TextKey } from '../../app/text.js';
import type { EditForm, SetupForm, SetupMessage } from './setup-form.js';

type Answer = SetupMessage & { notFound?: boolean };

function useLookup(form: SetupForm, edit: EditForm, setAnswer: (a: Answer) => void) {
  const api = usePosApi();
  const { networkId } = form;
  const found = (payee: PayeeView, text: string) => {
    setAnswer({ kind: 'ok', text });
    // The looked-up name follows each lookup, unless the owner typed another one.
    const name = payee.fullName;
    const keepTyped = form.shopName !== '' && form.shopName !== form.lookedUpName;
    edit({ lookedUpPayeeId: payee.payeeId, lookedUpName: name, ...(keepTyped ? {} : { shopName: name }) });
  };
  const lookup = useMutation({
    mutationFn: () => api.call('payee.lookup', { networkId }),
    onSuccess: (payee) => found(payee, t('payeeFound', { name: payee.fullName || payee.payeeId })),
    onError: (error) => {
      const shape = error instanceof PosCallError ? error.shape : undefined;
      const notFound = shape?.code === 'payee_not_found';
      setAnswer({
        kind: 'error',
        text: notFound ? t('payeeNotFound', { id: networkId }) : t('error', { message: error.message }),
        field: 'payeeNetworkId',
        notFound,
      });
    },
  });
  const register = useMutation({
    mutationFn: () => api.call('payee.register', { networkId, fullName: form.shopName.trim() }),
    onSuccess: (payee) => found(payee, t('payeeRegistered', { name: payee.fullName })),
    onError: (error) => setAnswer({ kind: 'error', text: error.message, field: 'payeeNetworkId' }),
  });
  return { lookup, register };
}

export function PayeeLookup({
  form,
  edit,
  problem,
}: {
  form: SetupForm;
  edit: EditForm;
  problem?: TextKey | undefined;
}) {
  const info = useAppInfo();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { lookup, register } = useLookup(form, edit, setAnswer);
  const { networkId } = form;
  const digitsOnly = networkId === '' || /^\d+$/.test(networkId);
  // The lookup's own answer first; else what keeps Setup from saving (a Save pressed with it empty).
  const shown: Answer | null = !digitsOnly
    ? { kind: 'error', text: t('networkIdDigits'), field: 'payeeNetworkId' }
    : (answer ?? (problem ? { kind: 'error', text: t(problem), field: 'payeeNetworkId' } : null));
  const live = info.data?.mode === 'live' && form.gatewayKind === 'embedded';
  return (
    <>
      <label htmlFor="payee-network-id">{t('payeeNetworkId')}</label>
      <span className="row">
        <input
          id="payee-network-id"
          inputMode="numeric"
          value={networkId}
          onChange={(e) => {
            setAnswer(null);
            edit({ networkId: e.target.value.trim() });
          }}
          onKeyDown={(e) => {
            // Enter here looks the shop up; it must not save the whole Setup form unread.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (networkId && digitsOnly && !lookup.isPending) lookup.mutate();
          }}
          aria-invalid={shown?.kind === 'error'}
          aria-describedby="lookup-message"
          required
        />
        <button type="button" onClick={() => lookup.mutate()} disabled={!networkId || !digitsOnly || lookup.isPending}>
          {t('lookUp')}
        </button>
        {live && answer?.notFound ? (
          <button
            type="button"
            onClick={() => register.mutate()}
            disabled={!form.shopName.trim() || register.isPending}
          >
            {t('registerPayee')}
          </button>
        ) : null}
      </span>
      <p
        id="lookup-message"
        role={shown?.kind === 'error' ? 'alert' : 'status'}
        className={`field-message ${shown?.kind === 'error' ? 'error' : 'ok'}`}
      >
        {shown?.text ?? ''}
      </p>
    </>
  );
}
