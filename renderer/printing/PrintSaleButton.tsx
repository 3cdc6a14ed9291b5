/**
 * The cart sale receipt's thermal print (receipt.print {saleId}): shown when a receipt printer is set up and
 * the sale is paid. The first print right after a sale that took cash asks for the drawer too; the main
 * process opens it only when the shop turned on "Open the cash drawer after a cash sale".
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SaleView } from '../../shared/posapi-sales.js';
import { usePosApi } from '../app/api-context.js';
import { prt } from './text.js';

export function PrintSaleButton({ sale }: { sale: SaleView }) {
  const api = usePosApi();
  const printer = useQuery({ queryKey: ['printer'], queryFn: () => api.call('printer.get', {}) });
  const drawerAsked = useRef(false);
  const print = useMutation({
    mutationFn: () => {
      const openDrawer = !drawerAsked.current && sale.tenders.some((t) => t.kind === 'cash');
      drawerAsked.current = true;
      return api.call('receipt.print', { saleId: sale.saleId, openDrawer });
    },
  });
  if (sale.status !== 'paid' || !printer.data?.target) return null;
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
