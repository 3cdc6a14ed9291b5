/**
 * The physical keyboard on the Charge screen: digits, '.' or ',', Backspace, Escape to clear and Enter to
 * charge; keys typed into a form field stay there.
 */
import { useEffect } from 'react';

export function useChargeKeys(press: (key: string) => void, charge: () => void): void {
  // Bound again on every render, so Enter charges with what this render shows.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (/^\d$/.test(event.key) || event.key === 'Backspace') press(event.key);
      else if (event.key === '.' || event.key === ',') press('.');
      else if (event.key === 'Escape') press('Clear');
      else if (event.key === 'Enter') {
        event.preventDefault();
        charge();
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
