/**
 * A payment's callback deliveries from the gateway's delivery log, every attempt listed; an exhausted
 * delivery can be sent again (docs/api.md, "Callbacks").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatTime } from '../../app/format.js';
import { t } from '../../app/text.js';

export function DeliveryLog({ detail, settings }: { detail: OrderDetail; settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => api.call('owner.redeliver', { orderId: detail.order.orderId, deliveryId }),
    onSuccess: (d) => queryClient.setQueryData(['owner.order', d.order.orderId], d),
  });
  return (
    <>
      <h4>{t('deliveries')}</h4>
      {detail.deliveriesError ? <p className="error">{detail.deliveriesError}</p> : null}
      {detail.deliveries.length === 0 ? <p>{t('noDeliveries')}</p> : null}
      <ul>
        {detail.deliveries.map((d) => (
          <li key={d.deliveryId}>
            <strong>{d.event}</strong> · {d.status} · {t('attempts', { n: d.attempts.length })}
            <ul>
              {d.attempts.map((a, i) => (
                <li key={i}>
                  {formatTime(a.at, settings.locale, settings.timeZone)} HTTP {a.httpStatus} {a.durationMs} ms {a.error}
                </li>
              ))}
            </ul>
            {d.status === 'exhausted' ? (
              <button type="button" onClick={() => redeliver.mutate(d.deliveryId)}>
                {t('redeliver')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
