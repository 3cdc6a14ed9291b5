/** react-query hooks over the PosApi, and the event stream that keeps their caches live. */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderView } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { useCashier } from '../state/cashier.js';
import { t } from '../app/text.js';
import { chime } from '../screens/payment/chime.js';

export const useAppInfo = () => {
  const api = usePosApi();
  return useQuery({ queryKey: ['app.info'], queryFn: () => api.call('app.info', {}) });
};

export const useSettings = () => {
  const api = usePosApi();
  return useQuery({ queryKey: ['settings'], queryFn: () => api.call('settings.get', {}) });
};

export const useQuoteAssets = (enabled: boolean) => {
  const api = usePosApi();
  return useQuery({
    queryKey: ['assets.quote'],
    queryFn: () => api.call('assets.quote', {}),
    enabled,
    staleTime: 60_000,
  });
};

export const usePaymentAssets = (quoteAssetId: string, quoteAmount: string | undefined, enabled: boolean) => {
  const api = usePosApi();
  return useQuery({
    queryKey: ['assets.payment', quoteAssetId, quoteAmount ?? ''],
    queryFn: () => api.call('assets.payment', { quoteAssetId, ...(quoteAmount ? { quoteAmount } : {}) }),
    enabled: enabled && quoteAssetId !== '',
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
};

export const useOrder = (orderId: string | null) => {
  const api = usePosApi();
  return useQuery({
    queryKey: ['order', orderId],
    queryFn: () => api.call('order.get', { orderId: orderId! }),
    enabled: orderId !== null,
  });
};

export const useOrders = (enabled = true) => {
  const api = usePosApi();
  return useQuery({ queryKey: ['orders'], queryFn: () => api.call('order.list', {}), enabled });
};

/** A success the cashier is not looking at: a notice and the chime. */
function paidInBackground(order: OrderView, before: OrderView | undefined): boolean {
  if (order.status !== 'success' || !before || before.status === 'success') return false;
  const { screen, orderId } = useCashier.getState();
  return !(screen === 'payment' && orderId === order.orderId);
}

/** A committed order change: into the caches at once, with a notice when it was paid in the background. */
function onOrderUpdated(queryClient: QueryClient, order: OrderView): void {
  const before =
    queryClient.getQueryData<OrderView>(['order', order.orderId]) ??
    queryClient.getQueryData<OrderView[]>(['orders'])?.find((o) => o.orderId === order.orderId);
  if (paidInBackground(order, before)) {
    useCashier
      .getState()
      .notify(
        order.orderId,
        t('paidNotice', { orderId: order.orderId, amount: order.quoteAmount, symbol: order.quoteSymbol }),
      );
    chime();
  }
  queryClient.setQueryData(['order', order.orderId], order);
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
}

/** Applies pushed events to the caches; the connection as it is now is asked for on (re)connect. */
export function useLiveEvents(): void {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const setConnection = useCashier((s) => s.setConnection);
  useEffect(() => {
    // What changed before this page listened (the gateway went away at start) is asked for.
    const askConnection = () =>
      void api
        .call('connection.get', {})
        .then(setConnection)
        .catch(() => undefined);
    const unsubscribe = api.subscribe((message) => {
      switch (message.event) {
        case 'order.updated':
          onOrderUpdated(queryClient, message.payload);
          break;
        case 'settings.changed':
          queryClient.setQueryData(['settings'], message.payload);
          break;
        case 'connection.changed':
          setConnection(message.payload);
          break;
        case 'hello':
          askConnection();
          break;
      }
    });
    askConnection();
    return unsubscribe;
  }, [api, queryClient, setConnection]);
}
