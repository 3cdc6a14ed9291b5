/** Cancel, asked twice: the first press opens a confirmation whose default (focused) answer keeps the payment. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';

export function CancelPayment({ orderId }: { orderId: string }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => api.call('order.cancel', { orderId }),
    onSuccess: (updated) => queryClient.setQueryData(['order', updated.orderId], updated),
  });
  if (!confirming)
    return (
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        {t('cancelOrder')}
      </button>
    );
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="cancel-q" className="confirm">
      <p id="cancel-q">{t('confirmCancel')}</p>
      <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {t('yesCancel')}
      </button>
      <button type="button" autoFocus onClick={() => setConfirming(false)}>
        {t('noKeep')}
      </button>
    </div>
  );
}
