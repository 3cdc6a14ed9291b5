/** The big keypad: mouse and touch here; the Charge screen adds the physical keyboard. */
import { t } from '../app/text.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'Backspace'] as const;

export function Keypad({ onKey }: { onKey: (key: string) => void }) {
  return (
    <div className="keypad" role="group" aria-label={t('keypad')}>
      {KEYS.map((key) => (
        <button
          key={key}
          type="button"
          className="key"
          onClick={() => onKey(key)}
          aria-label={key === 'Backspace' ? t('backspace') : key}
        >
          {key === 'Backspace' ? '⌫' : key}
        </button>
      ))}
    </div>
  );
}
