/**
 * The shop's payee: its network id, and Look up, which asks the gateway whether it is one of its users
 * and offers its name as the shop name.
 */
import { useMutation } from '@tanstack/react-query';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import type { EditForm, SetupForm, SetupMessage } from './setup-form.js';

export function PayeeLookup({
  form,
  edit,
  message,
  onMessage,
}: {
  form: SetupForm;
  edit: EditForm;
  message: SetupMessage | null;
  onMessage: (message: SetupMessage) => void;
}) {
  const api = usePosApi();
  const { networkId } = form;
  const lookup = useMutation({
    mutationFn: () => api.call('payee.lookup', { networkId }),
    onSuccess: (payee) => {
      onMessage({ kind: 'ok', text: t('payeeFound', { name: payee.fullName || payee.payeeId }) });
      if (!form.shopName) edit({ shopName: payee.fullName });
    },
    onError: (error) => {
      const shape = error instanceof PosCallError ? error.shape : undefined;
      onMessage({
        kind: 'error',
        text:
          shape?.code === 'payee_not_found'
            ? t('payeeNotFound', { id: networkId })
            : t('error', { message: error.message }),
        field: 'payeeNetworkId',
      });
    },
  });
  return (
    <>
      <label htmlFor="payee-network-id">{t('payeeNetworkId')}</label>
      <span className="row">
        <input
          id="payee-network-id"
          inputMode="numeric"
          value={networkId}
          onChange={(e) => edit({ networkId: e.target.value.trim() })}
          aria-invalid={message?.field === 'payeeNetworkId'}
          aria-describedby="setup-message"
          required
        />
        <button type="button" onClick={() => lookup.mutate()} disabled={!networkId || lookup.isPending}>
          {t('lookUp')}
        </button>
      </span>
    </>
  );
}
