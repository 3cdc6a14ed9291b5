/**
 * The `main` namespace for the main process (the Electron windows' titles): a lookup over the same JSON
 * catalogues as the renderer's, bundled in (bundled.ts), English for any key a catalogue lacks.
 */
import { bundledText } from './bundled.js';
import type { Language } from './languages.js';
import { mainEnglish, type MainKey } from './main-en.js';

export { mainEnglish, type MainKey } from './main-en.js';

const text = bundledText('main', mainEnglish);

/** A window title in `language`. */
export function windowTitle(language: Language, key: MainKey): string {
  return text(language, key);
}

/** The name the owner account gets at first run, in the till's language ("Inhaber" in de). */
export function defaultOwnerName(language: Language): string {
  return text(language, 'ownerDefaultName');
}
