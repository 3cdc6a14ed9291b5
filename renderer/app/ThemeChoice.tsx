/**
 * Dark mode on the cashier's screens (issue 19): the system's setting (prefers-color-scheme) unless the
 * cashier picks Light or Dark here; the choice is kept on this device (localStorage) and applied before
 * the first paint. The colours are the variables of theme.css; data-theme on <html> overrides the system.
 */
import { useState } from 'react';
import { t } from './text.js';

const KEY = 'paydesk-till-theme';
const CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof CHOICES)[number];

function isChoice(value: unknown): value is ThemeSetting {
  return typeof value === 'string' && (CHOICES as readonly string[]).includes(value);
}

export function storedThemeSetting(): ThemeSetting {
  try {
    const value = localStorage.getItem(KEY);
    return isChoice(value) ? value : 'system';
  } catch {
    return 'system'; // storage off: the system's setting
  }
}

function apply(setting: ThemeSetting): void {
  if (setting === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = setting;
}

/** Applies the choice kept on this device; main.tsx calls it before rendering. */
export function applyStoredThemeSetting(): void {
  apply(storedThemeSetting());
}

export function ThemeChoice() {
  const [setting, setSetting] = useState<ThemeSetting>(storedThemeSetting);
  const choose = (value: string) => {
    if (!isChoice(value)) return;
    apply(value);
    try {
      if (value === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, value);
    } catch {
      // kept for this page only
    }
    setSetting(value);
  };
  return (
    <select
      className="theme-choice no-print"
      aria-label={t('themeLabel')}
      title={t('themeLabel')}
      value={setting}
      onChange={(e) => choose(e.target.value)}
    >
      <option value="system">{t('themeSystem')}</option>
      <option value="light">{t('themeLight')}</option>
      <option value="dark">{t('themeDark')}</option>
    </select>
  );
}
