/**
 * The cart on the customer display (README, "Customer display"): the lines, discounts, tax and total
 * while the cashier rings them up; a cash or card sale's end with the change; and, during a split
 * sale's crypto part, the whole sale with what is already paid. Read-only: no controls.
 */
import type { DisplayCart } from '../../shared/posapi-counter.js';
import { pt } from '../payer/text.js';
import { moneyWords } from '../payer/words.js';

function Row({
  label,
  amount,
  symbol,
  locale,
  strong,
}: {
  label: string;
  amount: string;
  symbol: string;
  locale: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'cart-row strong' : 'cart-row'}>
      <dt>{label}</dt>
      <dd>{moneyWords(amount, symbol, locale)}</dd>
    </div>
  );
}

const some = (amount: string) => amount !== '0' && amount !== '' && !/^0(\.0*)?$/.test(amount);

/** The sums under the lines: subtotal, discount, tax, tip, total, and what was paid. */
export function CartSums({ cart, locale }: { cart: DisplayCart; locale: string }) {
  const s = cart.symbol;
  return (
    <dl className="cart-sums">
      {some(cart.discountTotal) && <Row label={pt('subtotal')} amount={cart.subtotal} symbol={s} locale={locale} />}
      {some(cart.discountTotal) && (
        <Row label={pt('discount')} amount={`-${cart.discountTotal}`} symbol={s} locale={locale} />
      )}
      {some(cart.taxTotal) && (
        <Row
          label={cart.taxMode === 'included' ? pt('taxIncluded') : pt('taxAdded')}
          amount={cart.taxTotal}
          symbol={s}
          locale={locale}
        />
      )}
      {some(cart.tip) && <Row label={pt('tipLine')} amount={cart.tip} symbol={s} locale={locale} />}
      <Row label={pt('total')} amount={cart.total} symbol={s} locale={locale} strong />
      {some(cart.paidCard) && <Row label={pt('paidByCard')} amount={cart.paidCard} symbol={s} locale={locale} />}
      {some(cart.paidCash) && <Row label={pt('paidInCash')} amount={cart.paidCash} symbol={s} locale={locale} />}
      {some(cart.change) && <Row label={pt('changeGiven')} amount={cart.change} symbol={s} locale={locale} strong />}
    </dl>
  );
}

export function CartLinesOnDisplay({ cart, locale }: { cart: DisplayCart; locale: string }) {
  return (
    <ul className="cart-lines" aria-label={pt('yourCart')}>
      {cart.lines.map((line, i) => (
        <li key={`${i}-${line.name}`}>
          <span className="line-name">{pt('cartLine', { quantity: line.quantity, name: line.name })}</span>
          {some(line.discount) && (
            <span className="line-discount">
              {pt('discount')} -{moneyWords(line.discount, cart.symbol, locale)}
            </span>
          )}
          <span className="line-total">{moneyWords(line.total, cart.symbol, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The cart being rung up, or a finished cash or card sale. */
export function CartOnDisplay({ cart, locale }: { cart: DisplayCart; locale: string }) {
  return (
    <main className="cart-view">
      <h1>{cart.stage === 'paid' ? pt('saleThanks') : pt('yourCart')}</h1>
      <CartLinesOnDisplay cart={cart} locale={locale} />
      <CartSums cart={cart} locale={locale} />
    </main>
  );
}

/** Beside a split sale's crypto payment: the whole sale and what is paid already. */
export function WholeSale({ cart, locale }: { cart: DisplayCart; locale: string }) {
  return (
    <section className="whole-sale" aria-label={pt('yourCart')}>
      <CartLinesOnDisplay cart={cart} locale={locale} />
      <CartSums cart={cart} locale={locale} />
    </section>
  );
}
