/** Copies one value (an address, a tag, an amount) to the clipboard and says so. */
import { useState } from 'react';
import { t } from '../app/text.js';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      aria-label={`${t('copy')} ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setDone(true));
      }}
    >
      {done ? t('copied') : t('copy')}
    </button>
  );
}
