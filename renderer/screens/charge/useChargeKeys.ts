/**
 * The physical keyboard on the Charge screen: digits, '.' or ',', Backspace, Escape to clear and Enter to
 * charge. Enter charges only from the page itself, the amount, the note or the Charge button: on any
 * other button (an asset chip, the keypad, the navigation) it presses that button, and keys typed into
 * a form field stay there. Escape also forgets a charge kept until "Pay with" has its list (useChargeAttempt).
 */
import { useEffect } from 'react';

/** Elements where Enter charges (the amount display, the note field, the Charge button). */
const CHARGES_ON_ENTER = '[data-charge-on-enter], .amount-display';

export function useChargeKeys(press: (key: string) => void, charge: () => void, cancel: () => void): void {
  // Arriving from the navigation, its button keeps the focus: Enter after typing the amount would press
  // it again and start over. The amount takes the focus instead (once, when the screen opens).
  useEffect(() => {
    if (document.activeElement?.closest('nav'))
      document.querySelector<HTMLElement>('.amount-display')?.focus({ preventScroll: true });
  }, []);
  // Bound again on every render, so Enter charges with what this render shows.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const onPage = !target || target === document.body || target === document.documentElement;
      const chargesHere = onPage || target?.closest(CHARGES_ON_ENTER) !== null;
      if (event.key === 'Enter') {
        if (!chargesHere) return;
        event.preventDefault();
        charge();
        return;
      }
      if (event.key === 'Escape') cancel();
      if (target && (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable)) return;
      if (/^\d$/.test(event.key) || event.key === 'Backspace') press(event.key);
      else if (event.key === '.' || event.key === ',') press('.');
      else if (event.key === 'Escape') press('Clear');
      else return;
      event.preventDefault();
      // Typing an amount while a navigation button (the Charge tab tapped again, More just closed) holds
      // the focus: the amount takes it, so the Enter that follows charges instead of pressing that button.
      if (event.key !== 'Escape' && target?.closest('nav'))
        document.querySelector<HTMLElement>('.amount-display')?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
