/**
 * One payment as the owner sees it: its terms, the transactions that paid it, settlement, timeline, and
 * the gateway's callback deliveries (README, "The owner's day review").
 */
import { useEffect, useRef } from 'react';
import type { OrderDetail, OrderView, TillSettings } from '../../../shared/posapi.js';
import { formatAmount, formatTime } from '../../app/format.js';
import { t } from '../../app/text.js';
import { RateLines } from '../../components/RateLines.js';
import { RefundPanel } from '../refunds/RefundPanel.js';
import { DeliveryLog } from './DeliveryLog.js';

function Terms({ order, locale }: { order: OrderView; locale: string }) {
  return (
    <>
      <h4>{t('terms')}</h4>
      <dl>
        <dt>{t('receiptQuote')}</dt>
        <dd>
          {formatAmount(order.quoteAmount, locale)} {order.quoteSymbol}
        </dd>
        <dt>{t('receiptTrace')}</dt>
        <dd>
          <code>{order.traceId}</code>
        </dd>
        <dt>{t('receiptStatus')}</dt>
        <dd>{order.status}</dd>
        {order.mismatch ? (
          <>
            <dt>!</dt>
            <dd className="error">{order.mismatch}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** The rate that priced the payment, and what was received at it (the accountant's figure). */
function RateUsed({ order, settings }: { order: OrderView; settings: TillSettings }) {
  if (!order.progress?.rate) return null;
  return (
    <>
      <h4>{t('rateUsed')}</h4>
      <dl>
        <RateLines
          rate={order.progress.rate}
          asset={order.instruction?.paymentSymbol ?? ''}
          quote={order.quoteSymbol}
          settings={settings}
        />
      </dl>
    </>
  );
}

function Transactions({ detail, locale }: { detail: OrderDetail; locale: string }) {
  return (
    <>
      <h4>{t('transactions')}</h4>
      <ul>
        {detail.transactions.map((tx) => (
          <li key={tx.txid}>
            {formatAmount(tx.amount, locale)} {tx.symbol} ·{' '}
            {/* A negative count marks a wallet transfer, which has no confirmations. */}
            {tx.confirmations < 0 ? t('wallet') : `${tx.confirmations}/${tx.requiredConfirmations}`} ·{' '}
            <code>{tx.txid.slice(0, 18)}…</code>{' '}
            {tx.explorerUrl ? (
              <a href={tx.explorerUrl} target="_blank" rel="noreferrer noopener">
                {t('explorer')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function Timeline({ order, settings }: { order: OrderView; settings: TillSettings }) {
  return (
    <>
      <h4>{t('timeline')}</h4>
      <ol className="timeline">
        {order.history.map((h, i) => (
          <li key={i}>
            <time>{formatTime(h.at, settings.locale, settings.timeZone)}</time> {h.text}
          </li>
        ))}
      </ol>
    </>
  );
}

export function PaymentDetail({
  detail,
  settings,
  onClose,
}: {
  detail: OrderDetail;
  settings: TillSettings;
  onClose: () => void;
}) {
  const o = detail.order;
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), [o.orderId]);
  return (
    <section
      className="detail"
      role="dialog"
      aria-modal="false"
      aria-labelledby="detail-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h3 id="detail-title">{t('detailTitle', { orderId: o.orderId })}</h3>
      <button type="button" ref={close} onClick={onClose}>
        {t('close')}
      </button>
      <Terms order={o} locale={settings.locale} />
      <RateUsed order={o} settings={settings} />
      <Transactions detail={detail} locale={settings.locale} />
      <h4>{t('settlement')}</h4>
      <p>
        {detail.settlement.status
          ? `${detail.settlement.status} ${detail.settlement.amount} ${detail.settlement.symbol}`
          : '—'}
      </p>
      {o.status !== 'queued' ? <RefundPanel orderId={o.orderId} settings={settings} /> : null}
      <Timeline order={o} settings={settings} />
      <DeliveryLog detail={detail} settings={settings} />
    </section>
  );
}
