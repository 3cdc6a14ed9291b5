/** react-query hooks of the selling screens: the catalogue, the sales settings, one sale. */
import { useQuery } from '@tanstack/react-query';
import { usePosApi } from '../../app/api-context.js';

export const useItems = (enabled = true) => {
  const api = usePosApi();
  return useQuery({ queryKey: ['items'], queryFn: () => api.call('items.list', {}), enabled });
};

export const useSalesSettings = () => {
  const api = usePosApi();
  return useQuery({ queryKey: ['sales.settings'], queryFn: () => api.call('sales.settings', {}) });
};

/** A sale by its id, or the one an order is the crypto part of (absent for a plain Charge). */
export const useSale = (by: { saleId: string } | { orderId: string } | null) => {
  const api = usePosApi();
  return useQuery({
    queryKey: ['sale', by],
    queryFn: async () => {
      try {
        return await api.call('sale.get', by!);
      } catch {
        return null;
      }
    },
    enabled: by !== null,
  });
};
