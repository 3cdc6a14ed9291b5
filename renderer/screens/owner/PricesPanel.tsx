/**
 * The live price sources as the owner sees them (README "Price sources"): why a price cannot be quoted
 * (disagreeing, stale or missing sources, shown first), each source's health (last values, their age,
 * last error, back-off) and the configuration as JSON, with the preset Chainlink feeds one click away.
 * Saved through the main process, which checks it. In sandbox mode it only says where prices come from.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ETHEREUM_MAINNET_FEEDS } from '../../../shared/price-presets.js';
import type { PricesView } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { AddFixedPrice, AddSpotSource, addSource } from './PriceSourceForm.js';

type Message = { error: boolean; text: string };

function SourcesHealth({ view }: { view: PricesView }) {
  return (
    <ul aria-label={t('pricesTitle')}>
      {view.sources.length === 0 ? <li>{t('pricesNone')}</li> : null}
      {view.sources.map((s) => (
        <li key={s.id}>
          {t('priceSourceHealth', {
            id: s.id,
            kind: s.kind,
            age: s.lastOkAt ? t('priceSourceAgo', { s: s.lastOkAgeSeconds }) : t('priceSourceNever'),
            failures: s.failures,
          })}
          {s.failures > 0 ? ` · ${t('priceSourceRetry', { s: s.nextAttemptInSeconds })}` : null}
          {s.lastError ? <span className="error"> · {t('railError', { error: s.lastError })}</span> : null}
          <ul>
            {s.prices.map((p) => (
              <li key={p.key}>{t('priceValue', { symbol: p.symbol, price: p.usdPrice, age: p.ageSeconds })}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The configuration with the preset feeds added as one Chainlink source over the Ethereum rail. */
function withPresets(text: string): string {
  const config = (text.trim() ? JSON.parse(text) : {}) as { sources?: unknown[] };
  const feeds = ETHEREUM_MAINNET_FEEDS.map(({ key, address, heartbeatSeconds }) => ({
    key,
    address,
    heartbeatSeconds,
  }));
  const source = { id: 'chainlink-mainnet', kind: 'chainlink', network: 'Ethereum', chainId: 1, feeds };
  return JSON.stringify({ ...config, sources: [...(config.sources ?? []), source] }, null, 2);
}

function usePrices(setMessage: (message: Message) => void) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const prices = useQuery({
    queryKey: ['owner.prices'],
    queryFn: () => api.call('owner.prices', {}),
    refetchInterval: 5000,
  });
  const save = useMutation({
    mutationFn: (config: Record<string, unknown>) => api.call('owner.savePrices', { config }),
    onSuccess: (view) => {
      queryClient.setQueryData(['owner.prices'], view);
      setMessage({ error: false, text: t('pricesSaved') });
    },
    onError: (e) => setMessage({ error: true, text: e instanceof PosCallError ? e.message : e.message }),
  });
  return { prices, save };
}

export function PricesPanel() {
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const { prices, save } = usePrices(setMessage);
  if (!prices.data) return null;
  if (!prices.data.available) return <p className="hint no-print">{prices.data.reason}</p>;
  const value = text ?? (prices.data.config ? JSON.stringify(prices.data.config, null, 2) : '');
  const parse = (run: () => void) => {
    try {
      run();
    } catch {
      setMessage({ error: true, text: t('jsonInvalid') });
    }
  };
  return (
    <section aria-labelledby="prices-title" className="prices no-print">
      <h3 id="prices-title">{t('pricesTitle')}</h3>
      {prices.data.alerts.length > 0 ? (
        <ul role="alert" className="error">
          {prices.data.alerts.map((alert) => (
            <li key={alert}>{alert}</li>
          ))}
        </ul>
      ) : null}
      <SourcesHealth view={prices.data} />
      <AddFixedPrice prices={prices.data.prices} onAdd={(source) => parse(() => setText(addSource(value, source)))} />
      <AddSpotSource prices={prices.data.prices} onAdd={(source) => parse(() => setText(addSource(value, source)))} />
      <label>
        {t('pricesConfig')}
        <textarea
          rows={10}
          value={value}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          aria-invalid={message?.error ?? false}
        />
      </label>
      <div className="row">
        <button type="button" onClick={() => parse(() => setText(withPresets(value)))}>
          {t('pricesPreset')}
        </button>
        <button type="button" onClick={() => parse(() => save.mutate(JSON.parse(value) as Record<string, unknown>))}>
          {t('pricesSave')}
        </button>
      </div>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
