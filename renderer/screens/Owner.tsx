/**
 * The owner's area: PIN, the day's totals and chart, the review queue, the filtered list, a payment's
 * detail, export, the live rails and price sources (README, "The owner's day review"). The parts live in ./owner/.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { PosCallError } from '../api/pos-client.js';
import { usePosApi } from '../app/api-context.js';
import { formatDateTime } from '../app/format.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { DayTotals } from './owner/DayTotals.js';
import { ExportPanel, type ExportRange } from './owner/ExportPanel.js';
import { OrderFilters } from './owner/OrderFilters.js';
import { OrderList, OrderPager } from './owner/OrderList.js';
import { OwnerBar } from './owner/OwnerBar.js';
import { PaymentDetail } from './owner/PaymentDetail.js';
import { PinGate } from './owner/PinGate.js';
import { PricesPanel } from './owner/PricesPanel.js';
import { RailsPanel } from './owner/RailsPanel.js';
import { ReviewQueue } from './owner/ReviewQueue.js';
import { useDayReview } from './owner/useDayReview.js';

/** The payment whose detail is open, if any. */
function usePaymentDetail(ownerToken: string | null, openId: string | null) {
  const api = usePosApi();
  return useQuery({
    queryKey: ['owner.order', openId],
    queryFn: () => api.call('owner.order', { token: ownerToken ?? '', orderId: openId! }),
    enabled: openId !== null && ownerToken !== null,
  });
}

export function Owner({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const { ownerToken, setOwnerToken } = useCashier();
  const { review, day, setDay, filter, refine, page, setPage } = useDayReview(ownerToken);
  const [openId, setOpenId] = useState<string | null>(null);
  const [range, setRange] = useState<ExportRange>({ from: '', to: '' });
  const detail = usePaymentDetail(ownerToken, openId);
  const token = ownerToken ?? '';

  if (!ownerToken) return <PinGate onOpen={setOwnerToken} />;
  // A session the main process no longer accepts (it ends after 15 minutes unused) shows the PIN again.
  if (review.isError && review.error instanceof PosCallError && review.error.shape.code === 'owner_locked') {
    setOwnerToken(null);
    return null;
  }
  const data = review.data;
  const lock = () => {
    void api.call('owner.lock', { token });
    setOwnerToken(null);
  };
  return (
    <section className="screen owner" aria-labelledby="owner-title">
      <OwnerBar day={day || data?.day || ''} onDay={setDay} onLock={lock} />
      <h2 className="print-only">{t('summaryTitle', { day: data?.day ?? '' })}</h2>
      {data ? <DayTotals review={data} locale={settings.locale} /> : <p role="status">{t('loading')}</p>}
      {data ? <ReviewQueue items={data.reviewQueue} token={token} settings={settings} /> : null}
      <OrderFilters filter={filter} onRefine={refine} review={data} />
      <OrderList orders={data?.orders ?? []} settings={settings} onOpen={setOpenId} />
      <OrderPager review={data} page={page} onPage={setPage} />
      <ExportPanel token={token} day={data?.day ?? ''} range={range} onRange={setRange} />
      <RailsPanel token={token} />
      <PricesPanel token={token} />
      {detail.data && openId ? (
        <PaymentDetail detail={detail.data} token={token} settings={settings} onClose={() => setOpenId(null)} />
      ) : null}
      <p className="print-only">{data ? formatDateTime(Date.now(), settings.locale, settings.timeZone) : ''}</p>
    </section>
  );
}
