/**
 * What the Payment screen does by itself as the order changes: note when the QR first shows and when
 * success shows (app/timings.ts), chime once on success, and ask for a top-up instruction after a short
 * payment (docs/api.md, "Results and statuses").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OrderView } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { markQrShown, markSuccessShown } from '../../app/timings.js';
import { chime } from './chime.js';

export function usePaymentSignals(orderId: string | null, view: OrderView | undefined): void {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const instruction = view?.instruction ?? null;
  const celebrated = useRef(false);
  const askedTopUp = useRef<string>('');
  const refresh = useMutation({
    mutationFn: () => api.call('order.refresh', { orderId: orderId! }),
    onSuccess: (updated) => queryClient.setQueryData(['order', updated.orderId], updated),
  });

  useEffect(() => {
    if (instruction) markQrShown();
  }, [instruction]);
  useEffect(() => {
    if (view?.status === 'success' && !celebrated.current) {
      celebrated.current = true;
      markSuccessShown();
      chime();
    }
  }, [view?.status]);
  useEffect(() => {
    // A short payment: ask for a top-up instruction for what is still due, once per instruction.
    if (
      view?.status === 'paid_less' &&
      instruction &&
      view.progress &&
      instruction.paymentAmount !== view.progress.remainingAmount &&
      askedTopUp.current !== instruction.clientId
    ) {
      askedTopUp.current = instruction.clientId;
      refresh.mutate();
    }
  }, [view?.status, view?.progress, instruction, refresh]);
}
