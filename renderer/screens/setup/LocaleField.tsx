/**
 * How amounts and dates are written on this till (the `locale` setting): "Same as the language" by
 * default, else one of the common locales, each by its name in the language showing and a sample
 * ("German (Switzerland) · 1’234.50 · 31.12.2026"). The main process checks what is saved.
 */
import { useMemo } from 'react';
import { formatAmount } from '../../../shared/i18n/format.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { NUMBER_LOCALES } from '../../../shared/i18n/number-locales.js';
import { t } from '../../app/text.js';
import { useLanguage } from '../../i18n/i18n.js';
import type { EditForm, SetupForm } from './setup-form.js';

/** A fixed day, so the sample shows the order of day, month and year (never today's date). */
const SAMPLE_DAY = Date.UTC(2026, 11, 31);

function sample(locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(SAMPLE_DAY);
  return `${formatAmount('1234.50', locale)} · ${day}`;
}

function localeName(locale: string, showing: Language): string {
  try {
    return new Intl.DisplayNames([showing], { type: 'language', languageDisplay: 'standard' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export function LocaleField({ form, edit, invalid }: { form: SetupForm; edit: EditForm; invalid: boolean }) {
  const showing = useLanguage();
  const options = useMemo(() => {
    const codes: string[] = [...NUMBER_LOCALES];
    // A locale saved before (or over the PosApi) that the list lacks stays offered, so a save keeps it.
    if (form.locale && !codes.includes(form.locale)) codes.unshift(form.locale);
    return codes.map((code) => ({ code, label: `${localeName(code, showing)} · ${sample(code)}` }));
  }, [form.locale, showing]);
  return (
    <>
      {/* Not wrapped in its label: the options' words ("Same as the language") would join the label's. */}
      <label htmlFor="setup-locale">{t('localeField')}</label>
      <select
        id="setup-locale"
        className="setup-locale"
        value={form.locale}
        onChange={(e) => edit({ locale: e.target.value })}
        aria-invalid={invalid}
        aria-describedby="locale-hint"
      >
        <option value="">{t('localeSameAsLanguage')}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
      <small id="locale-hint">{t('localeHint')}</small>
    </>
  );
}
