/**
 * "Print on receipt printer" beside a browser print (refund slip, Z report): shown only when a receipt
 * printer is set up; says in words when the printer answered or could not be reached.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { usePosApi } from '../app/api-context.js';
import { prt } from './text.js';

export function ThermalPrintButton({ label, run }: { label: string; run: () => Promise<unknown> }) {
  const api = usePosApi();
  const printer = useQuery({ queryKey: ['printer'], queryFn: () => api.call('printer.get', {}) });
  const print = useMutation({ mutationFn: run });
  if (!printer.data?.target) return null;
  return (
    <>
      <button type="button" disabled={print.isPending} onClick={() => print.mutate()}>
        {print.isPending ? prt('printing') : label}
      </button>
      <span role={print.isError ? 'alert' : 'status'} className={print.isError ? 'error' : 'ok'}>
        {print.isError ? print.error.message : print.isSuccess ? prt('printedSent') : ''}
      </span>
    </>
  );
}
