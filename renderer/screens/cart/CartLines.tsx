/**
 * The right side of the cart: each line with its quantity (- and +), its discount, what it comes to;
 * the order discount; and the totals as shared/cart/price.ts computes them (the main process computes
 * them again at checkout, with the same function).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { PricedCart } from '../../../shared/cart/types.js';
import { t } from '../../app/text.js';
import { MoreCue, useOutOfSight } from '../../components/MoreCue.js';
import { useCart, type CartLine as CartLineState } from '../../state/cart.js';
import { DiscountEditor } from './DiscountEditor.js';

type Money = (amount: string) => string;

function CartLine({
  index,
  priced,
  money,
  editing,
  setEditing,
}: {
  index: number;
  priced: PricedCart | null;
  money: Money;
  editing: string | null;
  setEditing: (key: string | null) => void;
}) {
  const { lines, setQuantity, setLineDiscount } = useCart();
  const line = lines[index]!;
  const p = priced?.lines[index];
  return (
    <li data-line-key={line.key}>
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
}

/**
 * The line just added (or added to once more) is scrolled into sight in the cart's region, so the cashier
 * sees what the tap or the scan did even when the cart is longer than the screen.
 */
function useNewestInSight(region: HTMLElement | null, lines: readonly CartLineState[]): void {
  const before = useRef<ReadonlyMap<string, number>>(new Map());
  useLayoutEffect(() => {
    const known = before.current;
    const grown = lines.find((l) => (known.get(l.key) ?? 0) < l.quantity);
    before.current = new Map(lines.map((l) => [l.key, l.quantity]));
    if (!grown || !region) return;
    const item = [...region.querySelectorAll<HTMLElement>('li[data-line-key]')].find(
      (li) => li.dataset.lineKey === grown.key,
    );
    item?.scrollIntoView({ block: 'nearest' });
  }, [lines, region]);
}

export function CartLines({ priced, money }: { priced: PricedCart | null; money: Money }) {
  const { lines, orderDiscount, setOrderDiscount } = useCart();
  const [editing, setEditing] = useState<string | null>(null);
  const { ref, region, seen } = useOutOfSight('li[data-line-key]');
  const cueId = useId();
  useNewestInSight(region, lines);
  if (lines.length === 0) return <p className="hint cart-empty">{t('cartEmpty')}</p>;
  return (
    <>
      {/* Scrolls by touch, and by keyboard once focused (arrows, Page Up/Down, Home, End). */}
      <div
        className="cart-lines-region"
        role="region"
        aria-label={t('cartLines')}
        aria-describedby={seen.above + seen.below > 0 ? cueId : undefined}
        tabIndex={0}
        ref={ref}
      >
        <ul className="cart-lines" aria-label={t('cartLines')}>
          {lines.map((line, index) => (
            <CartLine key={line.key} {...{ index, priced, money, editing, setEditing }} />
          ))}
        </ul>
        <MoreCue
          id={cueId}
          parts={[
            seen.above > 0 ? `▴ ${t('moreLinesAbove', { count: seen.above })}` : '',
            seen.below > 0 ? `${t('moreLinesBelow', { count: seen.below })} ▾` : '',
          ]}
        />
      </div>
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
