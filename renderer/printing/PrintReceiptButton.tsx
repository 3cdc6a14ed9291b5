/** The Receipt screen's thermal print: shown when a receipt printer is set up and the order is paid. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { prt } from './text.js';

export function PrintReceiptButton({ order }: { order: OrderView }) {
  const api = usePosApi();
  const printer = useQuery({ queryKey: ['printer'], queryFn: () => api.call('printer.get', {}) });
  const print = useMutation({ mutationFn: () => api.call('receipt.print', { orderId: order.orderId }) });
  if (order.status !== 'success' || !printer.data?.target) return null;
  return (
    <>
      <button type="button" disabled={print.isPending} onClick={() => print.mutate()}>
        {print.isPending ? prt('printing') : prt('printReceipt')}
      </button>
      <span role={print.isError ? 'alert' : 'status'} className={print.isError ? 'error' : 'ok'}>
        {print.isError ? print.error.message : print.isSuccess ? prt('printed') : ''}
      </span>
    </>
  );
}
