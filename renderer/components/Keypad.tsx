/**
 * The big keypad: mouse and touch here, with a clear key; the Charge screen adds the physical keyboard.
 * The decimal key shows the locale's sign ("," in de and fr) but always sends ".": amounts stay decimal strings.
 */
import { decimalSign } from '../app/format.js';
import { t } from '../app/text.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'Backspace'] as const;

export function Keypad({ onKey, locale }: { onKey: (key: string) => void; locale: string }) {
  const sign = decimalSign(locale);
  return (
    <div className="keypad" role="group" aria-label={t('keypad')}>
      {KEYS.map((key) =>
        key === 'Backspace' ? (
          <button key={key} type="button" className="key" onClick={() => onKey(key)} aria-label={t('backspace')}>
            <span aria-hidden="true">⌫</span>
          </button>
        ) : (
          <button key={key} type="button" className="key" onClick={() => onKey(key)}>
            {key === '.' ? sign : key}
          </button>
        ),
      )}
      <button type="button" className="key key-clear" onClick={() => onKey('Clear')}>
        {t('clear')}
      </button>
    </div>
  );
}
