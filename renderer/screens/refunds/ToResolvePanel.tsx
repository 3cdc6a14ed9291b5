/**
 * Every payment with received money not kept as takings (issue 18): failed or cancelled orders that
 * received money, surplus, late and wrong-asset payments, each with a way to its payment detail,
 * where the refund starts.
 */
import { useQuery } from '@tanstack/react-query';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';

export function ToResolvePanel({ locale, onOpen }: { locale: string; onOpen: (orderId: string) => void }) {
  const api = usePosApi();
  const list = useQuery({ queryKey: ['owner.toResolve'], queryFn: () => api.call('owner.toResolve', {}) });
  // A list that could not be read says so: an owner must never take "nothing shown" for "nothing to resolve".
  if (list.error)
    return (
      <section className="to-resolve" aria-labelledby="to-resolve-title">
        <h3 id="to-resolve-title">{t('toResolveTitle')}</h3>
        <p role="alert" className="error">
          {t('toResolveUnavailable', { message: list.error.message })}
        </p>
      </section>
    );
  if (!list.data) return null;
  return (
    <section className="to-resolve" aria-labelledby="to-resolve-title">
      <h3 id="to-resolve-title">{t('toResolveTitle')}</h3>
      {list.data.length === 0 ? <p>{t('toResolveNone')}</p> : null}
      <ul>
        {list.data.map((item) => (
          <li key={item.traceId}>
            {t('toResolveLine', {
              amounts: item.toResolve.map((a) => `${formatAmount(a.amount, locale)} ${a.symbol}`).join(', '),
              orderId: item.tillOrderId || item.orderId,
              status: item.status,
            })}{' '}
            {item.tillOrderId ? (
              <button type="button" onClick={() => onOpen(item.tillOrderId)}>
                {t('toResolveOpen', { orderId: item.tillOrderId })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
