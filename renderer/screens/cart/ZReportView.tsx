/** A close-of-shift (Z) report, printable (window.print): the drawer count and the shift's sales. */
import type { TillSettings } from '../../../shared/posapi.js';
import type { SumRow, ZReport } from '../../../shared/posapi-sales.js';
import { useQuoteAssets } from '../../api/hooks.js';
import { formatAmount, formatDateTime } from '../../app/format.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { SalesSummaryView } from './SalesSummaryView.js';

export function ZReportView({ report, settings }: { report: ZReport; settings: TillSettings }) {
  const quotes = useQuoteAssets(true);
  const places = quotes.data?.find((q) => q.assetId === report.sales.currency)?.decimalDigit ?? 2;
  const money = (amount: string) => moneyText(amount.replace('-', ''), places, settings.locale, report.sales.symbol);
  const when = (ms: number) => formatDateTime(ms, settings.locale, settings.timeZone);
  const short = report.difference.startsWith('-');
  const even = report.difference === '0';
  return (
    <article className="receipt-paper z-report" aria-labelledby="z-title">
      <h2 id="z-title">{t('zTitle', { number: report.number })}</h2>
      <header className="receipt-head">
        <strong>{report.shopName}</strong>
        {report.shopAddress ? <span>{report.shopAddress}</span> : null}
        {report.taxId ? <span>{t('taxId', { id: report.taxId })}</span> : null}
      </header>
      <p>{t('zOpened', { at: when(report.openedAt), by: report.openedBy })}</p>
      <p>{t('zClosed', { at: when(report.closedAt), by: report.closedBy })}</p>
      <dl className="cart-totals">
        <dt>{t('float')}</dt>
        <dd>{money(report.float)}</dd>
        <dt>{t('zCashSales')}</dt>
        <dd>{money(report.cashSales)}</dd>
        <dt>{t('cashIn')}</dt>
        <dd>{money(report.cashIn)}</dd>
        <dt>{t('cashOut')}</dt>
        <dd>
          {report.cashOut === '0' ? '' : '−'}
          {money(report.cashOut)}
        </dd>
        <dt>{t('expectedCash')}</dt>
        <dd>
          {report.expectedCash.startsWith('-') ? '−' : ''}
          {money(report.expectedCash)}
        </dd>
        <dt>{t('countedCash')}</dt>
        <dd>{money(report.countedCash)}</dd>
        <dt className="grand">{t('difference')}</dt>
        <dd className={`grand ${even ? '' : 'z-difference'}`}>
          {even ? t('drawerEven') : t(short ? 'drawerShort' : 'drawerOver', { amount: money(report.difference) })}
        </dd>
      </dl>
      {report.moves.length > 0 ? (
        <ul className="receipt-tenders" aria-label={t('cashMoves')}>
          {report.moves.map((m, i) => (
            <li key={i}>
              {t(m.kind === 'in' ? 'moveIn' : 'moveOut', { amount: money(m.amount), reason: m.reason, by: m.byName })}
            </li>
          ))}
        </ul>
      ) : null}
      <SalesSummaryView summary={report.sales} money={money} />
      <ZExtras report={report} locale={settings.locale} />
    </article>
  );
}

/** Charge-screen payments and refunds of the shift, in their own currencies and assets (exact decimals). */
function ZExtras({ report, locale }: { report: ZReport; locale: string }) {
  const rows = (list: SumRow[]) =>
    list.map((r) => (
      <li key={r.key}>{t('zLine', { count: r.count, amount: formatAmount(r.amount, locale), symbol: r.label })}</li>
    ));
  const charge = report.chargeOrders;
  const refunds = report.refunds;
  return (
    <>
      {charge ? (
        <section aria-labelledby="z-charge">
          <h3 id="z-charge">{t('zChargeOrders', { count: charge.count })}</h3>
          <ul className="receipt-tenders">{rows([...charge.perQuote, ...charge.perAsset])}</ul>
        </section>
      ) : null}
      {refunds ? (
        <section aria-labelledby="z-refunds">
          <h3 id="z-refunds">{t('zRefunds', { count: refunds.count })}</h3>
          <ul className="receipt-tenders">
            {rows([...refunds.perAsset, ...refunds.perQuote])}
            {refunds.flagged > 0 ? <li>{t('zRefundsFlagged', { count: refunds.flagged })}</li> : null}
          </ul>
        </section>
      ) : null}
    </>
  );
}
