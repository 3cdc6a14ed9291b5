/**
 * The shop's name on receipts, the currency it charges in, and the asset it settles in ('' settles in
 * whatever the payer paid). Before the first save the lists are asked for the payee just looked up.
 */
import { useQuery } from '@tanstack/react-query';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { LANGUAGES, LANGUAGE_WORD, type Language } from '../../../shared/i18n/languages.js';
import { t, type TextKey } from '../../app/text.js';
import { describedBy, FieldProblem } from './FieldProblem.js';
import { setLanguage, useLanguage } from '../../i18n/i18n.js';
import { LocaleField } from './LocaleField.js';
import type { EditForm, SetupForm } from './setup-form.js';

/** Offered before the gateway's quote list is known (first run). */
const FIRST_RUN_QUOTES = [
  { assetId: 'usd', symbol: 'USD' },
  { assetId: 'eur', symbol: 'EUR' },
  { assetId: 'gbp', symbol: 'GBP' },
];

interface ShopDetailsProps {
  form: SetupForm;
  edit: EditForm;
  settings: TillSettings;
  /** The field a refused save was about. */
  invalidField?: string | undefined;
  /** What keeps the time to pay from being saved. */
  problem?: TextKey | undefined;
}

export function ShopDetails({ form, edit, settings, invalidField, problem }: ShopDetailsProps) {
  const api = usePosApi();
  // Before the first save, the lists are asked for the payee just looked up.
  const firstRun = !settings.configured && form.lookedUpPayeeId !== '';
  const lookedUp = firstRun ? { payeeId: form.lookedUpPayeeId } : {};
  const quotes = useQuery({
    queryKey: ['assets.quote', lookedUp],
    queryFn: () => api.call('assets.quote', lookedUp),
    enabled: settings.configured || firstRun,
    staleTime: 60_000,
  });
  const settlements = useQuery({
    queryKey: ['assets.settlement', lookedUp],
    queryFn: () => api.call('assets.settlement', lookedUp),
    enabled: settings.configured || firstRun,
    staleTime: 60_000,
  });
  const showing = useLanguage();
  return (
    <>
      <label>
        {LANGUAGE_WORD[showing]}
        <select
          value={form.language}
          onChange={(e) => {
            const language = e.target.value as Language;
            edit({ language });
            // First run: the form shows in the chosen language at once (a preview); Save keeps it.
            if (!settings.configured) void setLanguage(language);
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <LocaleField form={form} edit={edit} invalid={invalidField === 'locale'} />
      <label>
        {t('shopName')}
        <input value={form.shopName} onChange={(e) => edit({ shopName: e.target.value })} maxLength={80} />
      </label>
      <label>
        {t('timeToPayMinutes')}
        <input
          id="time-to-pay"
          inputMode="numeric"
          value={form.timeToPay}
          onChange={(e) => edit({ timeToPay: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          aria-invalid={problem !== undefined || invalidField === 'timeToPayMinutes'}
          aria-describedby={describedBy('time-to-pay', problem, 'time-to-pay-hint')}
        />
      </label>
      <FieldProblem inputId="time-to-pay" problem={problem} />
      <small id="time-to-pay-hint">{t('timeToPayHint')}</small>
      <label>
        {t('quoteCurrency')}
        <select value={form.quoteAssetId} onChange={(e) => edit({ quoteAssetId: e.target.value })}>
          {(quotes.data ?? FIRST_RUN_QUOTES).map((q) => (
            <option key={q.assetId} value={q.assetId}>
              {q.symbol}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('settlementAsset')}
        <select value={form.settlementAssetId} onChange={(e) => edit({ settlementAssetId: e.target.value })}>
          <option value="">{t('settleAsPaid')}</option>
          {(settlements.data ?? []).map((a) => (
            <option key={a.assetId} value={a.assetId}>
              {a.symbol} ({a.network})
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
