/**
 * The Charge press: creates the order in the main process, which asks the gateway (or queues it while
 * offline), then opens the Payment screen (docs/architecture.md, "From the Charge button to the gateway").
 * One order per press: a second press before the first is answered does nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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
  // Set at the press itself: the mutation's pending state reaches the screen a render later, and a
  // second Enter (or a charge kept for the asset list) in between would create a second order.
  const inFlight = useRef(false);
  const create = useMutation({
    mutationFn: (args: PosArgs<'order.create'>) => api.call('order.create', args),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', order.orderId], order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      openOrder(order.orderId);
    },
    onError: (e) => setError(e instanceof PosCallError ? e.message : e.message),
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const busy = create.isPending;
  const canCharge = request !== null && !busy;
  const charge = () => {
    if (request === null || busy || inFlight.current) return;
    inFlight.current = true;
    setError('');
    markChargePressed();
    create.mutate(request);
  };
  return { charge, canCharge, busy, error, clearError: () => setError('') };
}
