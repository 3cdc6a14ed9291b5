/**
 * How the payer pays a cart: the tip first (when the shop asks for one), then cash (what was handed
 * over; the change due in large type), card on the external terminal (amount and its reference), and
 * crypto for whatever is left, through the gateway. Money is decimal text (shared/money.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CartInput, PricedCart } from '../../../shared/cart/types.js';
import { compare, isDecimalText, isPositive, min, parseAmount, remaining, subtract } from '../../../shared/money.js';
import type { CheckoutArgs, SalesSettings } from '../../../shared/posapi-sales.js';
import type { PaymentAssetView } from '../../../shared/posapi.js';
import { usePaymentAssets } from '../../api/hooks.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { useCart } from '../../state/cart.js';
import { methodsOf } from '../charge/AssetPicker.js';
import { TenderCrypto } from './TenderCrypto.js';
import { TipChosen, TipWaiting, useTipStep } from './TipStep.js';
import { decimalTyped } from '../../app/format.js';

const amountOf = (text: string) => (isDecimalText(text) && text.trim() !== '' ? parseAmount(text) : '0');

/** What is wrong with the typed cash and card ('' when nothing): not an amount, or a card above the total. */
export function tenderProblem(tendered: string, card: string, total: string): string {
  if (tendered.trim() !== '' && !isDecimalText(tendered)) return t('tenderNotAmount', { field: t('cashReceived') });
  if (card.trim() !== '' && !isDecimalText(card)) return t('tenderNotAmount', { field: t('cardAmount') });
  if (compare(amountOf(card), total) > 0) return t('cardOverTotal');
  return '';
}

/** Cash and card against the total: what each counts for, the change, what is left for crypto. */
export function split(total: string, tendered: string, card: string) {
  const cardPart = min(card, total);
  const afterCard = remaining(total, cardPart);
  const cashPart = min(tendered, afterCard);
  return { cardPart, cashPart, change: subtract(tendered, cashPart), rest: remaining(afterCard, cashPart) };
}

/**
 * What is wrong with a typed "Other tip" ('' when nothing): not an amount of the shop currency, or more than
 * the sale. Said beside the field and Charge waits: a tip typed wrong is never silently replaced by the one
 * chosen before it.
 */
export function tipProblem(custom: string, places: number, saleTotal: string, money: (a: string) => string): string {
  const text = custom.trim();
  if (text === '') return '';
  const amount = places > 0 ? new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`) : /^\d{1,6}$/;
  if (!amount.test(text)) return t('tenderNotAmount', { field: t('tipCustom') });
  if (compare(text, saleTotal) > 0) return t('tipTooHigh', { amount: money(saleTotal) });
  return '';
}

function TipChoice({
  settings,
  priced,
  places,
  money,
  custom,
  setCustom,
  problem,
}: {
  settings: SalesSettings;
  priced: PricedCart;
  places: number;
  money: (amount: string) => string;
  custom: string;
  setCustom: (text: string) => void;
  /** What is wrong with `custom` (tipProblem), '' when nothing. */
  problem: string;
}) {
  const { tip, setTip } = useCart();
  const problemId = useId();
  const choice = (label: string, selected: boolean, onClick: () => void) => (
    <button
      type="button"
      aria-pressed={selected}
      className={selected ? 'selected' : ''}
      onClick={() => {
        setCustom('');
        onClick();
      }}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="tip-choice">
      <legend>{t('tipAsk', { amount: money(priced.saleTotal) })}</legend>
      {choice(t('noTip'), tip.kind === 'none', () => setTip({ kind: 'none' }))}
      {settings.tipPresets.map((p) =>
        choice(`${p}%`, tip.kind === 'percent' && tip.value === p, () => setTip({ kind: 'percent', value: p })),
      )}
      <label>
        {t('tipCustom')}
        <input
          inputMode="decimal"
          size={6}
          value={custom}
          onChange={(e) => {
            const text = decimalTyped(e.target.value);
            setCustom(text);
            if (text.trim() === '') setTip({ kind: 'none' });
            else if (tipProblem(text, places, priced.saleTotal, money) === '')
              setTip({ kind: 'amount', value: text.trim() });
          }}
          aria-invalid={problem !== ''}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      {problem ? (
        <p role="alert" className="error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

type Setter = (value: string) => void;

function TenderFields({
  values,
  set,
}: {
  values: { tendered: string; card: string; reference: string };
  set: { setTendered: Setter; setCard: Setter; setReference: Setter };
}) {
  const { tendered, card, reference } = values;
  const { setTendered, setCard, setReference } = set;
  return (
    <div className="tender-fields">
      <label>
        {t('cashReceived')}
        <input inputMode="decimal" value={tendered} onChange={(e) => setTendered(decimalTyped(e.target.value))} />
      </label>
      <label>
        {t('cardAmount')}
        <input inputMode="decimal" value={card} onChange={(e) => setCard(decimalTyped(e.target.value))} />
      </label>
      <label>
        {t('cardReference')}
        <input value={reference} maxLength={40} onChange={(e) => setReference(e.target.value)} />
      </label>
    </div>
  );
}

/** The first asset that can pay is picked, so Charge sits above the fold at 1024x600; the cashier may change it. */
function useFirstUsable(list: PaymentAssetView[] | undefined, asset: string, setAsset: (id: string) => void): void {
  useEffect(() => {
    if (!list || list.some((a) => a.assetId === asset && a.usable)) return;
    const first = list.find((a) => a.usable);
    if (first) setAsset(first.assetId);
  }, [list, asset, setAsset]);
}

/**
 * A chip tapped on the Pay step hands the focus to Charge (when it can be pressed), so the cashier's next
 * Enter charges instead of pressing the chip again; otherwise the focus is on the page, as after any tap.
 */
function useChargeAfterPick() {
  const charge = useRef<HTMLButtonElement>(null);
  const [picks, setPicks] = useState(0);
  useEffect(() => {
    const button = charge.current;
    if (picks > 0 && button && !button.disabled) button.focus({ preventScroll: true });
  }, [picks]);
  return { charge, afterPointerPick: () => setPicks((n) => n + 1) };
}

/** The typed "Other tip", what is wrong with it, and the shop currency's places (kept by TenderPanel: Charge waits on it). */
interface CustomTip {
  text: string;
  set: (text: string) => void;
  places: number;
  problem: string;
}

function TipArea(props: {
  step: ReturnType<typeof useTipStep>;
  settings: SalesSettings;
  priced: PricedCart;
  money: (amount: string) => string;
  custom: CustomTip;
}) {
  const { step, settings, priced, money, custom } = props;
  if (step.mode === 'cashier')
    return (
      <TipChoice
        settings={settings}
        priced={priced}
        places={custom.places}
        money={money}
        custom={custom.text}
        setCustom={custom.set}
        problem={custom.problem}
      />
    );
  if (step.mode === 'chosen' && settings.tipsEnabled)
    return <TipChosen tip={priced.tip} money={money} onChange={step.change} />;
  return null;
}

function Notices({ change, error, money }: { change: string; error: string; money: (amount: string) => string }) {
  return (
    <>
      {compare(change, '0') > 0 ? (
        <p className="change-due" role="status" aria-live="polite">
          {t('changeDue')} <strong>{money(change)}</strong>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function TipGate({ step, total, onBack }: { step: ReturnType<typeof useTipStep>; total: string; onBack: () => void }) {
  return (
    <div className="tender-panel">
      <p className="due">
        {t('toPay')} <strong>{total}</strong>
      </p>
      {step.mode === 'waiting' ? <TipWaiting onChoose={step.chooseForThem} onSkip={step.skip} /> : null}
      <button type="button" onClick={onBack}>
        {t('backToCart')}
      </button>
    </div>
  );
}

export function TenderPanel(props: {
  priced: PricedCart;
  /** The cart as rung up (the tip question is asked for it). */
  cart: CartInput;
  settings: SalesSettings;
  quoteAssetId: string;
  locale: string;
  symbol: string;
  places: number;
  busy: boolean;
  error: string;
  onBack: () => void;
  onCheckout: (tenders: Omit<CheckoutArgs, 'cart'>) => void;
}) {
  const { priced, locale, symbol } = props;
  const [tendered, setTendered] = useState('');
  const [card, setCard] = useState('');
  const [reference, setReference] = useState('');
  const [asset, setAsset] = useState('');
  const [isChain, setChain] = useState(false);
  const [tipText, setTipText] = useState('');
  const money = (amount: string) => moneyText(amount, props.places, locale, symbol);
  const tipTyped = tipProblem(tipText, props.places, priced.saleTotal, money);
  const customTip: CustomTip = { text: tipText, set: setTipText, places: props.places, problem: tipTyped };
  const parts = split(priced.total, amountOf(tendered), amountOf(card));
  const assets = usePaymentAssets(
    props.quoteAssetId,
    isPositive(parts.rest) ? parts.rest : undefined,
    isPositive(parts.rest),
  );
  useFirstUsable(assets.data, asset, setAsset);
  const methods = methodsOf(assets.data?.find((a) => a.assetId === asset));
  // Only what the asset can take: a Lightning invoice or an on-chain-only asset is on chain.
  const methodOf = (chosen: boolean) => (methods.includes('wallet') ? chosen && methods.includes('chain') : true);
  const needsReference = isPositive(parts.cardPart) && reference.trim() === '';
  // Said, never silently read as nothing or cut down: the terminal may really have charged it.
  const problem = tenderProblem(tendered, card, priced.total);
  const needsAsset = isPositive(parts.rest) && !assets.data?.some((a) => a.assetId === asset && a.usable);
  const tipStep = useTipStep(props.settings.tipsEnabled, props.cart);
  const { charge, afterPointerPick } = useChargeAfterPick();
  const tipWrong = tipStep.mode === 'cashier' && tipTyped !== '';
  if (tipStep.mode === 'asking' || tipStep.mode === 'waiting')
    return <TipGate step={tipStep} total={money(priced.saleTotal)} onBack={props.onBack} />;
  const submit = () =>
    props.onCheckout({
      ...(isPositive(parts.cashPart) ? { cash: { amount: parts.cashPart, tendered: amountOf(tendered) } } : {}),
      ...(isPositive(parts.cardPart) ? { card: { amount: parts.cardPart, reference: reference.trim() } } : {}),
      ...(isPositive(parts.rest) ? { crypto: { paymentAssetId: asset, isChain: methodOf(isChain) } } : {}),
    });
  return (
    <div className="tender-panel">
      <TipArea step={tipStep} settings={props.settings} priced={priced} money={money} custom={customTip} />
      <p className="due">
        {t('toPay')} <strong>{money(priced.total)}</strong>
      </p>
      <TenderFields values={{ tendered, card, reference }} set={{ setTendered, setCard, setReference }} />
      <Notices change={parts.change} error={problem || props.error} money={money} />
      {/* The assets scroll inside their own region; the buttons stay pinned under it (1024x600). */}
      {isPositive(parts.rest) ? (
        <TenderCrypto
          rest={t('restInCrypto', { amount: money(parts.rest) })}
          picker={{ assets: assets.data ?? [], selectedId: asset, onPick: setAsset, afterPointerPick }}
          method={{ methods, isChain: methodOf(isChain), onChange: setChain }}
        />
      ) : null}
      <div className="row spaced tender-actions">
        <button type="button" onClick={props.onBack}>
          {t('backToCart')}
        </button>
        <button
          type="button"
          className="primary charge-button"
          ref={charge}
          disabled={props.busy || needsReference || needsAsset || problem !== '' || tipWrong}
          onClick={submit}
        >
          {isPositive(parts.rest) ? t('chargeRest', { amount: money(parts.rest) }) : t('completeSale')}
        </button>
      </div>
    </div>
  );
}
