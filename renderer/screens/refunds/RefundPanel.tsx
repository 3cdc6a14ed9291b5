/**
 * Money to resolve and refunds of one order (issue 18), in the payment detail: what the payment
 * received and has not kept as takings ("to refund or keep"), its refunds with their payout QR and
 * status, and, for managers and the owner, the form that starts a refund. Asks the gateway through the
 * till; offline it shows the till's own record.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TillSettings } from '../../../shared/posapi.js';
import type { RefundDetail } from '../../../shared/posapi-refunds.js';
import type { MoneyToResolve } from '../../../shared/wire-refunds.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount } from '../../app/format.js';
import { t, type TextKey } from '../../app/text.js';
import { useAppInfo, useQuoteAssets } from '../../api/hooks.js';
import { useAccess } from '../signin/access.js';
import { KeepForm } from './KeepForm.js';
import { RefundForm, type RefundAsk } from './RefundForm.js';
import { RefundItem } from './RefundItem.js';

function ToResolve({ resolve, locale }: { resolve: MoneyToResolve; locale: string }) {
  if (resolve.items.length === 0) return <p>{t('resolveNothing')}</p>;
  return (
    <>
      <ul className="resolve-items">
        {resolve.items.map((item) => (
          <li key={`${item.assetId}-${item.reason}`}>
            {formatAmount(item.amount, locale)} {item.symbol} · {t(`resolveReason_${item.reason}` as TextKey)}
          </li>
        ))}
      </ul>
      {resolve.kept.length ? (
        <p>
          {t('resolveKept', {
            amounts: resolve.kept.map((a) => `${formatAmount(a.amount, locale)} ${a.symbol}`).join(', '),
          })}
        </p>
      ) : null}
      <p className={resolve.toResolve.length ? 'warning' : ''} role="status">
        {resolve.toResolve.length
          ? t('resolveLeft', {
              amounts: resolve.toResolve.map((a) => `${formatAmount(a.amount, locale)} ${a.symbol}`).join(', '),
            })
          : t('resolveDone')}
      </p>
    </>
  );
}

function useRefundActions(orderId: string, onDone: (detail: RefundDetail) => void) {
  const api = usePosApi();
  // A refused refund.create shows in the form, beside its button: at 1024x600 the panel's own line is far
  // above it, out of view, and the owner saw nothing happen. The other actions' refusals stay in the panel.
  const [error, setError] = useState({ fromAsk: false, message: '' });
  const settled = (fromAsk: boolean) => ({
    onSuccess: (detail: RefundDetail) => {
      setError({ fromAsk, message: '' });
      onDone(detail);
    },
    onError: (e: Error) => setError({ fromAsk, message: e.message }),
  });
  const options = settled(false);
  const ask = useMutation({
    mutationFn: (a: RefundAsk) => api.call('refund.create', { orderId, ...a }),
    ...settled(true),
  });
  const sent = useMutation({
    mutationFn: (v: { refundId: string; txid: string }) => api.call('refund.sent', { orderId, ...v }),
    ...options,
  });
  const sandboxSend = useMutation({
    mutationFn: (refundId: string) => api.call('refund.sandboxSend', { orderId, refundId }),
    ...options,
  });
  const keep = useMutation({
    mutationFn: (k: { amount: string; assetId: string; reason: string }) => api.call('refund.keep', { orderId, ...k }),
    ...options,
  });
  const withdraw = useMutation({
    mutationFn: (w: { refundId: string; reason: string }) => api.call('refund.withdraw', { orderId, ...w }),
    ...options,
  });
  const busy = ask.isPending || sent.isPending || sandboxSend.isPending || keep.isPending || withdraw.isPending;
  return {
    ask,
    sent,
    sandboxSend,
    keep,
    withdraw,
    busy,
    error: error.fromAsk ? '' : error.message,
    askError: error.fromAsk ? error.message : '',
  };
}

/** Decimal places by asset id: the gateway's quote list has fiat currencies and the crypto it quotes in. */
function usePlaces(enabled: boolean): Record<string, number> {
  const quotes = useQuoteAssets(enabled);
  return Object.fromEntries((quotes.data ?? []).map((q) => [q.assetId.toLowerCase(), q.decimalDigit]));
}

export function RefundPanel({ orderId, settings }: { orderId: string; settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const access = useAccess(settings);
  const info = useAppInfo();
  const sandbox = info.data?.mode === 'sandbox' && settings.gateway.kind !== 'hosted';
  const key = ['refund.detail', orderId];
  // A sent refund confirms as blocks come: look again every few seconds while one is on its way.
  const detail = useQuery({
    queryKey: key,
    queryFn: () => api.call('refund.detail', { orderId }),
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'sent') ? 2000 : false),
  });
  const actions = useRefundActions(orderId, (d) => {
    queryClient.setQueryData(key, d);
    void queryClient.invalidateQueries({ queryKey: ['owner.day'] });
    void queryClient.invalidateQueries({ queryKey: ['owner.toResolve'] });
  });
  // A refund's status moved (confirmed, flagged): the day review's figures follow.
  const statuses = detail.data?.refunds.map((r) => r.status).join() ?? '';
  useEffect(() => {
    if (statuses) void queryClient.invalidateQueries({ queryKey: ['owner.day'] });
  }, [statuses, queryClient]);
  const data = detail.data;
  const mayPay = access.may('cancel');
  const places = usePlaces(mayPay);
  return (
    <section className="refunds" aria-labelledby={`refunds-${orderId}`}>
      <h4 id={`refunds-${orderId}`}>{t('resolveTitle')}</h4>
      {!data ? <p role="status">{t('loading')}</p> : null}
      {data?.error ? <p className="warning">{t('refundOffline', { message: data.error })}</p> : null}
      {data?.resolve ? <ToResolve resolve={data.resolve} locale={settings.locale} /> : null}
      {data?.resolve && mayPay
        ? data.resolve.toResolve.map((left) => (
            <KeepForm
              key={left.assetId}
              left={left}
              locale={settings.locale}
              busy={actions.busy}
              onKeep={(k) => actions.keep.mutate(k)}
            />
          ))
        : null}
      {data && data.refunds.length > 0 ? (
        <>
          <h4>{t('refundsTitle')}</h4>
          <ul className="refund-list">
            {data.refunds.map((r) => (
              <RefundItem
                key={r.refundId}
                refund={r}
                settings={settings}
                sandbox={sandbox}
                mayPay={mayPay}
                busy={actions.busy}
                onSent={(txid) => actions.sent.mutate({ refundId: r.refundId, txid })}
                onSandboxSend={() => actions.sandboxSend.mutate(r.refundId)}
                onWithdraw={(reason) => actions.withdraw.mutate({ refundId: r.refundId, reason })}
              />
            ))}
          </ul>
        </>
      ) : null}
      {actions.error ? (
        <p className="error" role="alert">
          {actions.error}
        </p>
      ) : null}
      {data?.resolve && mayPay && data.resolve.refundable.length > 0 ? (
        <RefundForm
          key={data.refunds.length}
          resolve={data.resolve}
          busy={actions.busy}
          error={actions.askError}
          onAsk={(a) => actions.ask.mutate(a)}
          locale={settings.locale}
          places={places}
        />
      ) : null}
    </section>
  );
}
