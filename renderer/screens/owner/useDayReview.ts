/**
 * The day review as a query: the chosen day, the list's filters (also by cashier) and page. Changing a filter goes
 * back to the first page; changing the day keeps the page, as it always has.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePosApi } from '../../app/api-context.js';

export type OrderMethod = '' | 'wallet' | 'chain';

/** The list's filters; '' means any. */
export interface OrderFilter {
  status: string;
  assetId: string;
  method: OrderMethod;
  search: string;
  /** An account id; '' any. */
  cashierId: string;
}

const ANY: OrderFilter = { status: '', assetId: '', method: '', search: '', cashierId: '' };

export function useDayReview() {
  const api = usePosApi();
  const [day, setDay] = useState('');
  const [filter, setFilter] = useState<OrderFilter>(ANY);
  const [page, setPage] = useState(0);
  const { status, assetId, method, search, cashierId } = filter;
  const review = useQuery({
    queryKey: ['owner.day', day, status, assetId, method, search, cashierId, page],
    queryFn: () =>
      api.call('owner.day', {
        ...(day ? { day } : {}),
        ...(status ? { status } : {}),
        ...(assetId ? { assetId } : {}),
        ...(method ? { method } : {}),
        ...(search ? { search } : {}),
        ...(cashierId ? { cashierId } : {}),
        page,
      }),
    placeholderData: (previous) => previous,
  });
  const refine = (change: Partial<OrderFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(0);
  };
  return { review, day, setDay, filter, refine, page, setPage };
}
