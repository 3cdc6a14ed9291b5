/**
 * What cart sales came to (a day in the review, or a shift in the Z report): sums, tenders, crypto per
 * asset, per cashier with tips, and taxes per rate; amounts to the currency's minor unit.
 */
import type { SalesSummary } from '../../../shared/posapi-sales.js';
import { t } from '../../app/text.js';

function SumTable({
  caption,
  rows,
  money,
}: {
  caption: string;
  rows: SalesSummary['tenders'];
  money: (a: string) => string;
}) {
  return (
    <table className="sales-sums">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label in TENDER_WORDS ? t(TENDER_WORDS[row.label]!) : row.label}</th>
            <td className="num">{row.count}</td>
            <td className="num">{money(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TENDER_WORDS: Record<string, 'tenderKindCash' | 'tenderKindCard' | 'tenderKindCrypto'> = {
  cash: 'tenderKindCash',
  card: 'tenderKindCard',
  crypto: 'tenderKindCrypto',
};

export function SalesSummaryView({ summary, money }: { summary: SalesSummary; money: (a: string) => string }) {
  return (
    <div className="sales-summary">
      <dl className="cart-totals">
        <dt>{t('salesCounted', { paid: summary.paid, open: summary.open, failed: summary.failed })}</dt>
        <dd>{money(summary.total)}</dd>
        <dt>{t('saleTotal')}</dt>
        <dd>{money(summary.saleTotal)}</dd>
        <dt>{t('tip')}</dt>
        <dd>{money(summary.tips)}</dd>
        <dt>{t('discounts')}</dt>
        <dd>{money(summary.discounts)}</dd>
        <dt>{t('taxes')}</dt>
        <dd>{money(summary.taxes)}</dd>
        <dt>{t('cashChange', { tendered: money(summary.cashTendered) })}</dt>
        <dd>{money(summary.changeGiven)}</dd>
      </dl>
      <div className="sales-tables">
        <SumTable caption={t('byTender')} rows={summary.tenders} money={money} />
        <SumTable caption={t('byCryptoAsset')} rows={summary.cryptoAssets} money={money} />
        <table className="sales-sums">
          <caption>{t('salesByCashier')}</caption>
          <tbody>
            {summary.cashiers.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.label || t('salesNoCashier')}</th>
                <td className="num">{c.count}</td>
                <td className="num">{money(c.amount)}</td>
                <td className="num">{t('tipsOf', { amount: money(c.tips) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="sales-sums">
          <caption>{t('byTaxRate')}</caption>
          <tbody>
            {summary.taxRates.map((r) => (
              <tr key={r.rate}>
                <th scope="row">{r.rate}%</th>
                <td className="num">{money(r.base)}</td>
                <td className="num">{money(r.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
