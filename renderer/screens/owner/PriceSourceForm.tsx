/**
 * Guided additions to the price source configuration (README "Price sources"): a fixed price for an
 * asset or currency, and an exchange's spot-price endpoint, picked from the prices the catalogue needs.
 * They edit the JSON the owner then saves; the gateway checks every field and names a wrong one.
 */
import { useState } from 'react';
import type { PricesView } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import { decimalTyped } from '../../app/format.js';

type Source = Record<string, unknown> & { id: string; kind: string };
type Config = { sources?: Source[] } & Record<string, unknown>;

/** The configuration text with `source` added: fixed prices join one `fixed` source, others are appended. */
export function addSource(text: string, source: Source): string {
  const config = (text.trim() ? JSON.parse(text) : { refreshSeconds: 60, maxDisagreementPercent: '2' }) as Config;
  const sources = [...(config.sources ?? [])];
  const fixed = sources.findIndex((s) => s.kind === 'fixed');
  if (source.kind === 'fixed' && fixed >= 0) {
    const existing = sources[fixed]!;
    sources[fixed] = {
      ...existing,
      prices: [...((existing.prices as unknown[]) ?? []), ...(source.prices as unknown[])],
    };
  } else sources.push(source);
  return JSON.stringify({ ...config, sources }, null, 2);
}

function PricePicker({
  prices,
  value,
  onChange,
}: {
  prices: PricesView['prices'];
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <label>
      {t('pricesFor')}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {prices
          .filter((p) => p.key !== 'usd')
          .map((p) => (
            <option key={p.key} value={p.key}>
              {p.symbol}
            </option>
          ))}
      </select>
    </label>
  );
}

export function AddFixedPrice({ prices, onAdd }: { prices: PricesView['prices']; onAdd: (source: Source) => void }) {
  const [key, setKey] = useState(prices.find((p) => p.key !== 'usd')?.key ?? '');
  const [usdPrice, setUsdPrice] = useState('1');
  return (
    <fieldset>
      <legend>{t('pricesAddFixed')}</legend>
      <PricePicker prices={prices} value={key} onChange={setKey} />
      <label>
        {t('pricesUsd')}
        <input
          inputMode="decimal"
          value={usdPrice}
          onChange={(e) => setUsdPrice(decimalTyped(e.target.value.trim()))}
        />
      </label>
      <button type="button" onClick={() => onAdd({ id: 'fixed', kind: 'fixed', prices: [{ key, usdPrice }] })}>
        {t('pricesAdd')}
      </button>
    </fieldset>
  );
}

export function AddSpotSource({ prices, onAdd }: { prices: PricesView['prices']; onAdd: (source: Source) => void }) {
  const [key, setKey] = useState(prices.find((p) => p.key !== 'usd')?.key ?? '');
  const [fields, setFields] = useState({ id: 'exchange', url: 'https://', path: 'price', symbol: '' });
  const field = (name: keyof typeof fields, label: string) => (
    <label>
      {label}
      <input value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value.trim() })} />
    </label>
  );
  const { id, url, path, symbol } = fields;
  return (
    <fieldset>
      <legend>{t('pricesAddSpot')}</legend>
      {field('id', t('pricesSpotId'))}
      {field('url', t('pricesSpotUrl'))}
      {field('path', t('pricesSpotPath'))}
      <PricePicker prices={prices} value={key} onChange={setKey} />
      {field('symbol', t('pricesSpotSymbol'))}
      <button type="button" onClick={() => onAdd({ id, kind: 'spot', url, path, pairs: [{ key, symbol }] })}>
        {t('pricesAdd')}
      </button>
    </fieldset>
  );
}
