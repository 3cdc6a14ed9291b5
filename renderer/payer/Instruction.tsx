/**
 * The payment instruction on the payer's phone: the QR (tap to open the wallet), then each value with
 * its own copy button (address, tag, amount), and the network said plainly with its warning.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { pt } from './text.js';
import { amountText, appHint, networkLabel } from './words.js';

export interface InstructionShown {
  uri: string;
  amount: string;
  symbol: string;
  network: string;
  isChain: boolean;
  destination: string;
  tag: string;
  shop: string;
  topUp: boolean;
}

function Copy({ value, what }: { value: string; what: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="copy"
      aria-label={pt('copyWhat', { what })}
      onClick={() => void navigator.clipboard?.writeText(value).then(() => setDone(true))}
    >
      {done ? pt('copied') : pt('copy')}
    </button>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <Copy value={value} what={label} />
      </dd>
    </div>
  );
}

export function Instruction({ shown, locale }: { shown: InstructionShown; locale: string }) {
  const network = networkLabel(shown.network, shown.symbol);
  const words = { amount: amountText(shown.amount, locale), symbol: shown.symbol, network, shop: shown.shop };
  const linkable = /^[a-z][a-z0-9+.-]*:/i.test(shown.uri) && !/^(javascript|data|vbscript):/i.test(shown.uri);
  return (
    <section className="instruction" aria-labelledby="pay-words">
      <h2 id="pay-words" className="pay-words">
        {shown.topUp ? pt('topUpTo', words) : pt('payTo', words)}
      </h2>
      <p className="app-hint">{appHint(shown.network, shown.isChain)}</p>
      <div className="qr">
        <QRCodeSVG
          value={shown.uri}
          size={280}
          level="M"
          marginSize={4}
          role="img"
          aria-label={pt('qrLabel', { amount: shown.amount, symbol: shown.symbol })}
        />
      </div>
      {linkable && (
        <a className="open-wallet" href={shown.uri}>
          {pt('openWallet')}
        </a>
      )}
      {/* A wallet transfer (mixin://) has no network to get wrong: the warning is for sends on a chain. */}
      {shown.isChain ? <p className="warning">{pt('wrongNetworkWarning', { symbol: shown.symbol, network })}</p> : null}
      <dl className="fields">
        <Field label={pt('amount')} value={shown.amount} />
        {shown.isChain && <Field label={pt('address')} value={shown.destination} />}
        {shown.isChain && shown.tag && <Field label={pt('tag')} value={shown.tag} />}
        <div className="field">
          <dt>{pt('network')}</dt>
          <dd>{network}</dd>
        </div>
      </dl>
    </section>
  );
}
