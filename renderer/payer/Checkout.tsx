/**
 * The payer's checkout page for a one-time code (`/code/{code}`): the shop, the amount and the
 * deadline; the payer picks an asset and wallet or on chain, gets the instruction and watches the
 * status to the end. It runs on the payer's own phone and talks only to the public /v1 API.
 */
import { useEffect, useState } from 'react';
import { chainPaymentUri, walletPaymentUri } from '../../shared/payment-uri.js';
import type { Payment, PaymentAssetItem, PaymentResult } from '../../shared/wire.js';
import { clockText, networkLabel } from '../app/network.js';
import { useLanguage } from '../i18n/i18n.js';
import { choosePayerLanguage } from '../i18n/payer-language.js';
import { LanguagePicker } from '../i18n/LanguagePicker.js';
import { Instruction, type InstructionShown } from './Instruction.js';
import { pt } from './text.js';
import { ThemeSwitch } from './ThemeSwitch.js';
import { moneySeen, useCheckout } from './useCheckout.js';
import { gatewayNow } from './v1.js';
import { failureWords, moneyWords, payerLocale } from './words.js';

/** One transfer id per instruction, kept for this tab: scanning twice pays once. */
function transferTrace(clientId: string): string {
  const key = `paydesk-trace-${clientId}`;
  const kept = sessionStorage.getItem(key);
  if (kept) return kept;
  const made = crypto.randomUUID();
  sessionStorage.setItem(key, made);
  return made;
}

export function shownInstruction(payment: Payment, asset: PaymentAssetItem | undefined, r: PaymentResult) {
  const topUp = r.status === 'paid_less';
  const left = topUp ? remainingOf(r) : payment.paymentAmount;
  const network = asset?.network ?? '';
  const uri = payment.isChain
    ? chainPaymentUri({
        network,
        assetId: payment.paymentAssetId,
        destination: payment.destination,
        tag: payment.tag,
        amount: left,
        chainId: asset?.chainId,
        contract: asset?.contract,
        decimals: asset?.decimals,
      })
    : walletPaymentUri({
        recipient: payment.recipient,
        assetId: payment.paymentAssetId,
        amount: left,
        trace: topUp ? transferTrace(`${payment.clientId}-${left}`) : transferTrace(payment.clientId),
        memo: payment.memo,
      });
  const shown: InstructionShown = {
    uri,
    amount: left,
    symbol: payment.paymentAssetSymbol,
    network,
    isChain: payment.isChain,
    destination: payment.destination,
    tag: payment.tag,
    shop: r.payee ?? '',
    topUp,
  };
  return shown;
}

function remainingOf(r: PaymentResult): string {
  // Decimal strings only: the gateway's own difference is payable - paid; computed without floats.
  const [due, paid] = [r.payableAmount || '0', r.paymentAmount || '0'];
  const scale = Math.max(due.split('.')[1]?.length ?? 0, paid.split('.')[1]?.length ?? 0);
  const units = (v: string) => BigInt(v.replace('.', '') + '0'.repeat(scale - (v.split('.')[1]?.length ?? 0)));
  const diff = units(due) - units(paid);
  if (diff <= 0n) return '0';
  const digits = diff.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(-scale).replace(/0+$/, '') : '';
  return fraction ? `${whole}.${fraction}` : whole;
}

function useNow(): number {
  const [now, setNow] = useState(gatewayNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(gatewayNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function Summary({ r, locale }: { r: PaymentResult; locale: string }) {
  const now = useNow();
  const left = r.expiredAt > 0 ? r.expiredAt - now / 1000 : 0;
  return (
    <dl className="summary">
      <div>
        <dt>{pt('amountDue')}</dt>
        <dd className="big">{moneyWords(r.quoteAmount, r.quoteSymbol, locale)}</dd>
      </div>
      {/* Without a deadline the row says nothing a payer needs (a "No deadline" read like a problem). */}
      {r.expiredAt > 0 && (
        <div>
          <dt>{pt('payBy')}</dt>
          <dd>
            <time dateTime={new Date(r.expiredAt * 1000).toISOString()}>
              {new Intl.DateTimeFormat(locale, { timeStyle: 'short', dateStyle: 'medium' }).format(r.expiredAt * 1000)}
            </time>{' '}
            {left > 0 && <span className="countdown">({pt('timeLeft', { time: clockText(left) })})</span>}
          </dd>
        </div>
      )}
    </dl>
  );
}

export function StatusLine({ r }: { r: PaymentResult }) {
  const symbol = r.paymentSymbol || r.payableSymbol;
  const text =
    r.status === 'confirming'
      ? pt('status_confirming', { n: Math.max(r.confirmations, 0) })
      : r.status === 'paid_less'
        ? pt('status_paid_less', { paid: r.paymentAmount, due: r.payableAmount, symbol, left: remainingOf(r) })
        : r.status === 'failed'
          ? `${pt('status_failed')} ${failureWords(String(r.failureCode), r.failureReason)}`
          : pt(`status_${r.status}` as 'status_unpaid');
  return (
    <p role="status" className={`status status-${r.status}`}>
      {text}
    </p>
  );
}

function AssetPicker({
  assets,
  busy,
  onPick,
}: {
  assets: PaymentAssetItem[];
  busy: boolean;
  onPick: (a: string, c: boolean) => void;
}) {
  const usable = assets.filter((a) => a.maxPaymentAmount !== '0');
  const [assetId, setAssetId] = useState('');
  const [onChain, setOnChain] = useState(false);
  const picked = usable.find((a) => a.assetId === assetId);
  if (usable.length === 0) return <p>{pt('noAssets')}</p>;
  return (
    <form
      className="picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) onPick(picked.assetId, onChain && picked.onChainSupported);
      }}
    >
      <fieldset>
        <legend>{pt('chooseAsset')}</legend>
        <div className="assets">
          {usable.map((a) => (
            <label key={a.assetId} className="asset">
              <input
                type="radio"
                name="asset"
                value={a.assetId}
                checked={assetId === a.assetId}
                onChange={() => setAssetId(a.assetId)}
              />
              <span>
                <strong>{a.symbol}</strong> <span className="muted">{networkOf(a)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {picked && (
        <fieldset>
          <legend>{pt('howToPay')}</legend>
          <label className="asset">
            <input
              type="radio"
              name="method"
              checked={!onChain || !picked.onChainSupported}
              onChange={() => setOnChain(false)}
            />
            <span>
              <strong>{pt('wallet')}</strong> <span className="muted">{pt('walletHint')}</span>
            </span>
          </label>
          {picked.onChainSupported && (
            <label className="asset">
              <input type="radio" name="method" checked={onChain} onChange={() => setOnChain(true)} />
              <span>
                <strong>{pt('onChain')}</strong>{' '}
                <span className="muted">{pt('onChainHint', { network: networkOf(picked) })}</span>
              </span>
            </label>
          )}
        </fieldset>
      )}
      <button type="submit" className="primary" disabled={!picked || busy}>
        {busy ? pt('making') : pt('getInstruction')}
      </button>
    </form>
  );
}

function networkOf(a: PaymentAssetItem): string {
  return networkLabel(a.network, a.symbol);
}

export function Checkout({ code }: { code: string }) {
  const state = useCheckout(code);
  const locale = payerLocale();
  const r = state.result;
  const language = useLanguage();
  useEffect(() => {
    if (r?.payee) document.title = pt('checkoutTitle', { shop: r.payee });
  }, [r?.payee, language]);
  if (state.problem === 'missing') return <Page title={pt('notFound')} />;
  if (!r) return <Page title={state.problem === 'offline' ? pt('unreachable') : pt('loading')} />;
  const ended = r.status === 'success' || r.status === 'failed' || r.status === 'pending' || r.status === 'auditing';
  const asset = state.assets.find((a) => a.assetId === state.instruction?.paymentAssetId);
  return (
    <main className="checkout">
      <h1>{pt('checkoutTitle', { shop: r.payee ?? '' })}</h1>
      <Summary r={r} locale={locale} />
      {state.problem === 'offline' && <p role="alert">{pt('unreachable')}</p>}
      {(state.instruction || ended) && <StatusLine r={r} />}
      {r.status === 'failed' && <p>{pt('failureAsk')}</p>}
      {/* Money seen and confirming: no instruction, so the payer does not pay twice; paid_less shows what is left. */}
      {!ended && r.status !== 'confirming' && state.instruction && (asset || state.assets.length > 0) && (
        <Instruction shown={shownInstruction(state.instruction, asset, r)} locale={locale} />
      )}
      {!ended && state.instruction && !moneySeen(r.status) && (
        <button type="button" className="link" onClick={state.changeAsset}>
          {pt('changeAsset')}
        </button>
      )}
      {!ended && !state.instruction && <AssetPicker assets={state.assets} busy={state.busy} onPick={state.choose} />}
      {state.refusal && <p role="alert">{pt('refused', { message: state.refusal })}</p>}
      <p className="muted small">
        {pt('reference')}: <code>{code}</code>
      </p>
      <ThemeSwitch />
      <LanguagePicker onPick={(language) => void choosePayerLanguage(language)} />
    </main>
  );
}

function Page({ title }: { title: string }) {
  return (
    <main className="checkout">
      <p role="status">{title}</p>
      <LanguagePicker onPick={(language) => void choosePayerLanguage(language)} />
    </main>
  );
}
