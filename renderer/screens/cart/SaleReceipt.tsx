/**
 * A cart sale's receipt (window.print): the shop with its address and tax id, the lines with their
 * discounts, the tax breakdown, the tip, every tender with the change, who served; and in sandbox
 * mode a mark that it is not a receipt. The order Receipt shows the same lines for a sale's crypto part.
 */
import type { TillSettings } from '../../../shared/posapi.js';
import type { SaleView } from '../../../shared/posapi-sales.js';
import { useAppInfo, useQuoteAssets } from '../../api/hooks.js';
import { formatDateTime } from '../../app/format.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { PrintSaleButton } from '../../printing/PrintSaleButton.js';
import { useCashier } from '../../state/cashier.js';
import { useSale, useSalesSettings } from './hooks.js';

function TenderLines({ sale, money }: { sale: SaleView; money: (a: string) => string }) {
  return (
    <ul className="receipt-tenders" aria-label={t('tenders')}>
      {sale.tenders.map((tender, i) => (
        <li key={i}>
          {tender.kind === 'cash'
            ? t('tenderCash', { amount: money(tender.amount), tendered: money(tender.tendered) })
            : null}
          {tender.kind === 'card'
            ? t('tenderCard', { amount: money(tender.amount), reference: tender.reference })
            : null}
          {tender.kind === 'crypto'
            ? t('tenderCrypto', {
                amount: money(tender.amount),
                orderId: tender.reference,
                status: t(`saleStatus_${sale.status}`),
              })
            : null}
          {tender.kind === 'cash' && tender.change !== '0' ? (
            <strong className="receipt-change"> · {t('changeGiven', { amount: money(tender.change) })}</strong>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The lines, discounts, taxes, tip and tenders of a sale. */
export function SaleDetails({ sale, locale }: { sale: SaleView; locale: string }) {
  const quotes = useQuoteAssets(true);
  const places = quotes.data?.find((q) => q.assetId === sale.currency)?.decimalDigit ?? 2;
  const money = (amount: string) => moneyText(amount, places, locale, sale.symbol);
  const p = sale.priced;
  return (
    <div className="sale-details">
      <table className="receipt-lines">
        <caption className="visually-hidden">{t('cartLines')}</caption>
        <tbody>
          {p.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.quantity} × {line.name}
                {line.discount !== '0' ? <small> ({t('lineDiscount', { amount: money(line.discount) })})</small> : null}
              </td>
              <td className="num">{money(line.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cart-totals">
        <dt>{t('subtotal')}</dt>
        <dd>{money(p.subtotal)}</dd>
        {p.discountTotal !== '0' ? (
          <>
            <dt>{t('discounts')}</dt>
            <dd>−{money(p.discountTotal)}</dd>
          </>
        ) : null}
        {p.taxes.map((tax) => (
          <div key={tax.rate} className="tax-row">
            <dt>{t('taxLine', { rate: tax.rate, base: money(tax.base) })}</dt>
            <dd>{money(tax.tax)}</dd>
          </div>
        ))}
        <dt>{t('saleTotal')}</dt>
        <dd>{money(p.saleTotal)}</dd>
        {p.tip !== '0' ? (
          <>
            <dt>{t('tip')}</dt>
            <dd>{money(p.tip)}</dd>
          </>
        ) : null}
        <dt className="grand">{t('total')}</dt>
        <dd className="grand">{money(p.total)}</dd>
      </dl>
      <TenderLines sale={sale} money={money} />
    </div>
  );
}

/** The shop's name, address and tax id, and the sandbox mark. */
export function ReceiptHeader({ settings }: { settings: TillSettings }) {
  const sales = useSalesSettings();
  const info = useAppInfo();
  const sandbox = info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded';
  return (
    <header className="receipt-head">
      {sandbox ? <p className="receipt-test">{t('testNotReceipt')}</p> : null}
      <strong>{settings.shopName || settings.payee?.fullName}</strong>
      {sales.data?.shopAddress ? <span>{sales.data.shopAddress}</span> : null}
      {sales.data?.taxId ? <span>{t('taxId', { id: sales.data.taxId })}</span> : null}
    </header>
  );
}

export function SaleReceipt({ settings }: { settings: TillSettings }) {
  const { saleId, newSale, go } = useCashier();
  const sale = useSale(saleId ? { saleId } : null);
  if (!sale.data) return <p role="status">{sale.isPending ? t('loading') : t('saleMissing')}</p>;
  const view = sale.data;
  return (
    <section className="screen receipt" aria-labelledby="sale-receipt-title">
      <article className="receipt-paper">
        <h2 id="sale-receipt-title">{t('receiptTitle')}</h2>
        <ReceiptHeader settings={settings} />
        <p>
          {formatDateTime(view.createdAt, settings.locale, settings.timeZone)} · {view.saleId}
          {view.cashierName ? ` · ${t('servedBy', { name: view.cashierName })}` : ''}
        </p>
        <SaleDetails sale={view} locale={settings.locale} />
      </article>
      <div className="row no-print">
        <button type="button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <PrintSaleButton sale={view} />
        <button type="button" onClick={() => go('orders')}>
          {t('navOrders')}
        </button>
        <button type="button" className="primary" onClick={() => (newSale(), go('cart'))}>
          {t('newCartSale')}
        </button>
      </div>
    </section>
  );
}

/** In the order Receipt: the sale this order is the crypto part of, if any. */
export function OrderSale({ orderId, settings }: { orderId: string; settings: TillSettings }) {
  const sale = useSale({ orderId });
  if (!sale.data) return null;
  return (
    <>
      <ReceiptHeader settings={settings} />
      <SaleDetails sale={sale.data} locale={settings.locale} />
    </>
  );
}
