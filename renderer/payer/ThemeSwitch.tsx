/** Dark mode on the payer's page: the system's choice until the payer presses the switch (kept on this phone). */
import { useState } from 'react';
import { pt } from './text.js';

const KEY = 'paydesk-theme';
type Theme = 'light' | 'dark';

function systemTheme(): Theme {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'dark' || value === 'light' ? value : undefined;
  } catch {
    return undefined; // storage off (private mode): the system's choice
  }
}

/** Applies a theme the payer chose earlier, before the first paint. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
}

export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(() => storedTheme() ?? systemTheme());
  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // kept for this page only
    }
    setTheme(next);
  };
  return (
    <button type="button" className="link theme-switch" aria-pressed={theme === 'dark'} onClick={toggle}>
      {pt('darkMode')}
    </button>
  );
}
