/** The language picker of the payer's pages: every language by its own name, labelled in the one showing. */
import { LANGUAGES, LANGUAGE_WORD, type Language } from '../../shared/i18n/languages.js';
import { useLanguage } from './i18n.js';
import './language-picker.css';

export function LanguagePicker({ onPick, className }: { onPick: (language: Language) => void; className?: string }) {
  const language = useLanguage();
  return (
    <label className={`language-picker ${className ?? ''}`.trim()}>
      <span>{LANGUAGE_WORD[language]}</span>
      <select value={language} onChange={(event) => onPick(event.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
