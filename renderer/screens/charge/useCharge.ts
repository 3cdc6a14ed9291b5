/**
 * The Charge press: creates the order in the main process, which asks the gateway (or queues it while
 * offline), then opens the Payment screen (docs/architecture.md, "From the Charge button to the gateway").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosArgs } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { markChargePressed } from '../../app/timings.js';
import { useCashier } from '../../state/cashier.js';

/** `request` is null while the sale cannot be charged (amount or asset not valid). */
export function useCharge(request: PosArgs<'order.create'> | null) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const openOrder = useCashier((s) => s.openOrder);
  const [error, setError] = useState('');
  const create = useMutation({
    mutationFn: () => api.call('order.create', request!),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', order.orderId], order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      openOrder(order.orderId);
    },
    onError: (e) => setError(e instanceof PosCallError ? e.message : e.message),
  });
  const canCharge = request !== null && !create.isPending;
  const charge = () => {
    if (!canCharge) return;
    setError('');
    markChargePressed();
    create.mutate();
  };
  return { charge, canCharge, error };
}
