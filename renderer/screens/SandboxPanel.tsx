/** TEST MODE only: play the payer and the network, so staff can train without real money. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderView } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';
import './sandbox-panel.css';
import { decimalTyped } from '../app/format.js';

export function SandboxPanel({ order }: { order: OrderView }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [part, setPart] = useState('');
  const [error, setError] = useState('');
  const done = {
    onSuccess: (o: OrderView) => {
      setError(''); // an old refusal does not linger through the rest of the sale
      queryClient.setQueryData(['order', o.orderId], o);
    },
    onError: (e: Error) => setError(e.message),
  };
  // The simulated payer pays only what is still due: nothing once the order is paid in full or ended.
  const payable = order.instruction !== null && (order.status === 'unpaid' || order.status === 'paid_less');
  const payInFull = useMutation({
    mutationFn: () => api.call('sandbox.payInFull', { orderId: order.orderId }),
    ...done,
  });
  // "0,5" as typed in de/fr is 0.5: the amount sent stays a decimal string with ".".
  const partAmount = decimalTyped(part);
  const payPart = useMutation({
    mutationFn: () => api.call('sandbox.payPart', { orderId: order.orderId, amount: partAmount }),
    ...done,
  });
  const mine = useMutation({
    mutationFn: (network: string) => api.call('sandbox.mine', { network, count: 1 }),
    onError: (e: Error) => setError(e.message),
  });
  const advance = useMutation({
    mutationFn: () => api.call('sandbox.advanceClock', { seconds: 60 }),
    onError: (e: Error) => setError(e.message),
  });
  const toDeadline = useMutation({
    mutationFn: () => api.call('sandbox.advanceToDeadline', { orderId: order.orderId }),
    ...done,
  });
  const network = order.instruction?.isChain ? order.instruction.network : '';
  return (
    <aside className="sandbox-panel" aria-labelledby="sandbox-title">
      <h3 id="sandbox-title">{t('sandboxTitle')}</h3>
      <div className="row">
        <button type="button" onClick={() => payInFull.mutate()} disabled={!payable}>
          {t('payInFull')}
        </button>
        <label className="inline">
          {t('partAmount')}
          <input value={part} onChange={(e) => setPart(e.target.value.trim())} inputMode="decimal" size={10} />
        </label>
        <button type="button" onClick={() => payPart.mutate()} disabled={!payable || !/^\d+(\.\d+)?$/.test(partAmount)}>
          {t('payPart')}
        </button>
      </div>
      <div className="row">
        <button type="button" onClick={() => mine.mutate(network)} disabled={!network}>
          {t('mineBlock')}
        </button>
        <button type="button" onClick={() => advance.mutate()}>
          {t('advanceClock')}
        </button>
        <button type="button" onClick={() => toDeadline.mutate()} disabled={order.payBy === 0}>
          {t('advanceToDeadline')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </aside>
  );
}
