/**
 * Payments waiting for the owner's review decision (`auditing`): approval settles, rejection fails the
 * payment (docs/api.md, "Results and statuses"); each needs a reason, recorded with who and when.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DayOrderRow, TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';

type Decision = 'approve' | 'reject';

function ReviewItem({
  item,
  locale,
  reason,
  onReason,
  onDecide,
}: {
  item: DayOrderRow;
  locale: string;
  reason: string;
  onReason: (reason: string) => void;
  onDecide: (decision: Decision) => void;
}) {
  return (
    <div className="row review-item">
      <span>
        <code>{item.orderId}</code> {formatAmount(item.quoteAmount, locale)} {item.quoteSymbol}
      </span>
      <label className="inline">
        {t('reason')}
        <input value={reason} onChange={(e) => onReason(e.target.value)} maxLength={200} />
      </label>
      <button
        type="button"
        disabled={!reason.trim()}
        onClick={() => onDecide('approve')}
        aria-label={`${t('approve')} ${item.orderId}`}
      >
        {t('approve')}
      </button>
      <button
        type="button"
        className="danger"
        disabled={!reason.trim()}
        onClick={() => onDecide('reject')}
        aria-label={`${t('reject')} ${item.orderId}`}
      >
        {t('reject')}
      </button>
    </div>
  );
}

export function ReviewQueue({ items, settings }: { items: DayOrderRow[]; settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const decide = useMutation({
    mutationFn: (args: { orderId: string; decision: Decision }) =>
      api.call('owner.review', {
        orderId: args.orderId,
        decision: args.decision,
        reason: reasons[args.orderId] ?? '',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['owner.day'] }),
  });
  return (
    <section aria-labelledby="review-title" className="review-queue">
      <h3 id="review-title">{t('reviewQueue')}</h3>
      {items.length === 0 ? <p>{t('reviewEmpty')}</p> : null}
      {items.map((item) => (
        <ReviewItem
          key={item.orderId}
          item={item}
          locale={settings.locale}
          reason={reasons[item.orderId] ?? ''}
          onReason={(reason) => setReasons({ ...reasons, [item.orderId]: reason })}
          onDecide={(decision) => decide.mutate({ orderId: item.orderId, decision })}
        />
      ))}
      {decide.isError ? <p className="error">{decide.error.message}</p> : null}
    </section>
  );
}
