/** The big keypad: mouse and touch here, with a clear key; the Charge screen adds the physical keyboard. */
import { t } from '../app/text.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'Backspace'] as const;

export function Keypad({ onKey }: { onKey: (key: string) => void }) {
  return (
    <div className="keypad" role="group" aria-label={t('keypad')}>
      {KEYS.map((key) =>
        key === 'Backspace' ? (
          <button key={key} type="button" className="key" onClick={() => onKey(key)} aria-label={t('backspace')}>
            <span aria-hidden="true">⌫</span>
          </button>
        ) : (
          <button key={key} type="button" className="key" onClick={() => onKey(key)}>
            {key}
          </button>
        ),
      )}
      <button type="button" className="key key-clear" onClick={() => onKey('Clear')}>
        {t('clear')}
      </button>
    </div>
  );
}
