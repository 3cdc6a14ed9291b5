/**
 * The day review (managers and the owner): the day's totals and chart, per cashier, the review queue,
 * the filtered list, a payment's detail, export, and for the owner the live rails, price sources and backups (README, "The owner's
 * day review"). Who may open it is the main process's permission table. The parts live in ./owner/.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { usePosApi } from '../app/api-context.js';
import { formatDateTime } from '../app/format.js';
import { t } from '../app/text.js';
import { BackupPanel } from './owner/BackupPanel.js';
import { useAccess } from './signin/access.js';
import { DayTotals } from './owner/DayTotals.js';
import { ExportPanel, type ExportRange } from './owner/ExportPanel.js';
import { OrderFilters } from './owner/OrderFilters.js';
import { OrderList, OrderPager } from './owner/OrderList.js';
import { OwnerBar } from './owner/OwnerBar.js';
import { PaymentDetail } from './owner/PaymentDetail.js';
import { PricesPanel } from './owner/PricesPanel.js';
import { RailsPanel } from './owner/RailsPanel.js';
import { ReviewQueue } from './owner/ReviewQueue.js';
import { SalesDay } from './owner/SalesDay.js';
import { ShopView } from './owner/ShopView.js';
import { useDayReview } from './owner/useDayReview.js';
import { ToResolvePanel } from './refunds/ToResolvePanel.js';

/** The payment whose detail is open, if any. */
function usePaymentDetail(openId: string | null) {
  const api = usePosApi();
  return useQuery({
    queryKey: ['owner.order', openId],
    queryFn: () => api.call('owner.order', { orderId: openId! }),
    enabled: openId !== null,
  });
}

export function Owner({ settings }: { settings: TillSettings }) {
  const access = useAccess(settings);
  const { review, day, setDay, filter, refine, page, setPage } = useDayReview();
  const [openId, setOpenId] = useState<string | null>(null);
  const [range, setRange] = useState<ExportRange>({ from: '', to: '' });
  const detail = usePaymentDetail(openId);
  const data = review.data;
  return (
    // With a payment's detail open the list narrows beside it, never under it (styles.css, "detail-open").
    <section className={`screen owner${detail.data && openId ? ' detail-open' : ''}`} aria-labelledby="owner-title">
      <OwnerBar day={day || data?.day || ''} onDay={setDay} />
      <h2 className="print-only">{t('summaryTitle', { day: data?.day ?? '' })}</h2>
      {data ? <DayTotals review={data} locale={settings.locale} /> : <p role="status">{t('loading')}</p>}
      <SalesDay day={data?.day ?? ''} settings={settings} canExport={access.may('export')} />
      {settings.gateway.kind === 'hosted' ? <ShopView day={data?.day ?? ''} settings={settings} /> : null}
      {data ? <ReviewQueue items={data.reviewQueue} settings={settings} /> : null}
      <ToResolvePanel locale={settings.locale} onOpen={setOpenId} />
      <OrderFilters filter={filter} onRefine={refine} review={data} />
      <OrderList orders={data?.orders ?? []} settings={settings} onOpen={setOpenId} openId={openId} />
      <OrderPager review={data} page={page} onPage={setPage} />
      {access.may('export') ? <ExportPanel day={data?.day ?? ''} range={range} onRange={setRange} /> : null}
      {access.may('setup') ? <RailsPanel /> : null}
      {access.may('setup') ? <PricesPanel /> : null}
      {access.may('backup') ? <BackupPanel settings={settings} /> : null}
      {detail.data && openId ? (
        <PaymentDetail detail={detail.data} settings={settings} onClose={() => setOpenId(null)} />
      ) : null}
      <p className="print-only">{data ? formatDateTime(Date.now(), settings.locale, settings.timeZone) : ''}</p>
    </section>
  );
}
