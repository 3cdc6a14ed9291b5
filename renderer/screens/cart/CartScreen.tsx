/**
 * Selling with a cart (README, "Selling with a cart"): the grid of items by category beside the cart,
 * then the tenders. The cart is priced here for the screen and again in the main process at checkout;
 * only the crypto part goes to the gateway, and the Payment screen takes it from there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { priceCart } from '../../../shared/cart/price.js';
import type { CheckoutArgs } from '../../../shared/posapi-sales.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { useQuoteAssets } from '../../api/hooks.js';
import { usePosApi } from '../../app/api-context.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { PayeeLine } from '../../components/PayeeLine.js';
import { cartInput, useCart } from '../../state/cart.js';
import { useCashier } from '../../state/cashier.js';
import { useAccess } from '../signin/access.js';
import { CartLines } from './CartLines.js';
import { useItems, useSalesSettings } from './hooks.js';
import { ItemGrid } from './ItemGrid.js';
import { TenderPanel } from './TenderPanel.js';
import { useCartOnDisplay } from './TipStep.js';
import { ManagerApproval } from './ManagerApproval.js';
import './cart.css';

/** A second Complete while the first is on its way: ignored (it would record the sale twice). */
class SecondTap extends Error {}

function useCheckout() {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const { openOrder, openSale } = useCashier();
  const [error, setError] = useState('');
  // A discount above the limit: the manager's approval is asked, then the same sale is sent again.
  const [approval, setApproval] = useState<{ reason: string; args: CheckoutArgs } | null>(null);
  // A double tap lands twice before React re-renders the button as busy: one checkout at a time, held here.
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: async (args: CheckoutArgs) => {
      if (sending.current) throw new SecondTap();
      sending.current = true;
      try {
        return await api.call('sale.checkout', args);
      } finally {
        sending.current = false;
      }
    },
    onSuccess: (sale) => {
      setApproval(null);
      useCart.getState().clear();
      queryClient.setQueryData(['sale', { saleId: sale.saleId }], sale);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      if (sale.orderId) openOrder(sale.orderId);
      else openSale(sale.saleId);
    },
    onError: (e, args) => {
      if (e instanceof SecondTap) return;
      const field = e instanceof PosCallError ? (e.shape.field ?? '') : '';
      if (field === 'approval' || field.startsWith('approval.')) {
        const { approval: _tried, ...rest } = args;
        setApproval({ reason: (e as PosCallError).message, args: rest });
        return;
      }
      setError(e instanceof PosCallError ? e.message : e.message);
    },
  });
  return { mutation, error, setError, approval, setApproval };
}

function approvalProps(
  approval: { reason: string; args: CheckoutArgs },
  mutation: ReturnType<typeof useCheckout>['mutation'],
  setApproval: (value: null) => void,
) {
  return {
    reason: approval.reason,
    busy: mutation.isPending,
    onApprove: (given: { accountId: string; pin: string }) => mutation.mutate({ ...approval.args, approval: given }),
    onCancel: () => setApproval(null),
  };
}

export function CartScreen({ settings }: { settings: TillSettings }) {
  const items = useItems();
  const sales = useSalesSettings();
  const quotes = useQuoteAssets(true);
  const cart = useCart();
  const access = useAccess(settings);
  const go = useCashier((s) => s.go);
  const [step, setStep] = useState<'cart' | 'pay'>('cart');
  const { mutation, error, setError, approval, setApproval } = useCheckout();
  const quote = quotes.data?.find((q) => q.assetId === settings.quoteAssetId);
  const symbol = quote?.symbol ?? settings.quoteAssetId.toUpperCase();
  const places = quote?.decimalDigit ?? 2;
  const money = (amount: string) => moneyText(amount, places, settings.locale, symbol);
  const input = cartInput(cart);
  useCartOnDisplay(input);
  const priced = useMemo(
    () =>
      sales.data && input.lines.length > 0
        ? priceCart(input, { taxMode: sales.data.taxMode, rounding: sales.data.rounding, places })
        : null,
    // The cart's parts are the inputs; `input` is rebuilt from them on every render.
    [cart.lines, cart.orderDiscount, cart.tip, sales.data, places],
  );
  return (
    <section className="screen cart-screen" aria-labelledby="cart-title">
      <h2 id="cart-title" className="visually-hidden">
        {t('cartTitle')}
      </h2>
      <PayeeLine settings={settings} />
      <div className="cart-layout">
        {step === 'cart' ? (
          <div>
            <ItemGrid items={items.data ?? []} locale={settings.locale} symbol={symbol} money={money} />
            {access.may('catalogue') ? (
              <button type="button" className="link" onClick={() => go('catalogue')}>
                {t('navCatalogue')}
              </button>
            ) : null}
          </div>
        ) : priced && sales.data ? (
          <TenderPanel
            priced={priced}
            cart={input}
            settings={sales.data}
            quoteAssetId={settings.quoteAssetId}
            locale={settings.locale}
            symbol={symbol}
            places={places}
            busy={mutation.isPending}
            error={error}
            onBack={() => setStep('cart')}
            onCheckout={(tenders) => {
              setError('');
              mutation.mutate({ cart: input, ...tenders });
            }}
          />
        ) : null}
        {approval ? <ManagerApproval {...approvalProps(approval, mutation, setApproval)} /> : null}
        <aside className="cart" aria-label={t('cartTitle')}>
          <CartLines priced={priced} money={money} />
          {step === 'cart' ? (
            <div className="row spaced">
              <button type="button" disabled={cart.lines.length === 0} onClick={cart.clear}>
                {t('clearCart')}
              </button>
              <button type="button" className="primary charge-button" disabled={!priced} onClick={() => setStep('pay')}>
                {t('pay')}
              </button>
            </div>
          ) : null}
        </aside>
      </div>
    </section>
  );
}
