/**
 * The right side of the cart: each line with its quantity (- and +), its discount, what it comes to;
 * the order discount; and the totals as shared/cart/price.ts computes them (the main process computes
 * them again at checkout, with the same function).
 */
import { useState } from 'react';
import type { PricedCart } from '../../../shared/cart/types.js';
import { t } from '../../app/text.js';
import { useCart } from '../../state/cart.js';
import { DiscountEditor } from './DiscountEditor.js';

export function CartLines({ priced, money }: { priced: PricedCart | null; money: (amount: string) => string }) {
  const { lines, setQuantity, setLineDiscount, orderDiscount, setOrderDiscount } = useCart();
  const [editing, setEditing] = useState<string | null>(null);
  if (lines.length === 0) return <p className="hint cart-empty">{t('cartEmpty')}</p>;
  return (
    <>
      <ul className="cart-lines" aria-label={t('cartLines')}>
        {lines.map((line, index) => {
          const p = priced?.lines[index];
          return (
            <li key={line.key}>
              <div className="cart-line">
                <span className="cart-line-name">{line.name}</span>
                <span className="qty" role="group" aria-label={t('quantityOf', { name: line.name })}>
                  <button
                    type="button"
                    aria-label={t('less', { name: line.name })}
                    onClick={() => setQuantity(line.key, line.quantity - 1)}
                  >
                    −
                  </button>
                  <output aria-label={t('quantity')}>{line.quantity}</output>
                  <button
                    type="button"
                    aria-label={t('more', { name: line.name })}
                    onClick={() => setQuantity(line.key, line.quantity + 1)}
                  >
                    +
                  </button>
                </span>
                <span className="cart-line-total">{p ? money(p.gross) : ''}</span>
                <button
                  type="button"
                  className="link"
                  aria-expanded={editing === line.key}
                  aria-label={t('lineDiscountFor', { name: line.name })}
                  onClick={() => setEditing(editing === line.key ? null : line.key)}
                >
                  %
                </button>
              </div>
              {p && p.discount !== '0' ? (
                <p className="cart-line-discount">{t('lineDiscount', { amount: money(p.discount) })}</p>
              ) : null}
              {editing === line.key ? (
                <DiscountEditor
                  label={t('lineDiscountFor', { name: line.name })}
                  current={line.discount}
                  onApply={(d) => (setLineDiscount(line.key, d), setEditing(null))}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <DiscountEditor label={t('orderDiscount')} current={orderDiscount} onApply={setOrderDiscount} />
      {priced ? <Totals priced={priced} money={money} /> : null}
    </>
  );
}

export function Totals({ priced, money }: { priced: PricedCart; money: (amount: string) => string }) {
  return (
    <dl className="cart-totals">
      <dt>{t('subtotal')}</dt>
      <dd>{money(priced.subtotal)}</dd>
      {priced.discountTotal !== '0' ? (
        <>
          <dt>{t('discounts')}</dt>
          <dd>−{money(priced.discountTotal)}</dd>
        </>
      ) : null}
      {priced.taxes.map((tax) => (
        <div key={tax.rate} className="tax-row">
          <dt>{t(priced.taxMode === 'included' ? 'taxIncluded' : 'taxAdded', { rate: tax.rate })}</dt>
          <dd>{money(tax.tax)}</dd>
        </div>
      ))}
      {priced.tip !== '0' ? (
        <>
          <dt>{t('tip')}</dt>
          <dd>{money(priced.tip)}</dd>
        </>
      ) : null}
      <dt className="grand">{t('total')}</dt>
      <dd className="grand">{money(priced.total)}</dd>
    </dl>
  );
}
