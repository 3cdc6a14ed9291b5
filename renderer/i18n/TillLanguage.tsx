/** Keeps the till's screens in the shop's language (Setup), switching at once when the setting changes. */
import { useEffect } from 'react';
import { languageFromLocale } from '../../shared/i18n/languages.js';
import { useSettings } from '../api/hooks.js';
import { setLanguage } from './i18n.js';

export function TillLanguage() {
  const settings = useSettings();
  const data = settings.data;
  const language = data ? (data.language ?? languageFromLocale(data.locale)) : undefined;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  return null;
}
