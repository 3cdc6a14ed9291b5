/** A catalogue loader over a Vite glob of shared/i18n/locales/<lng>/<ns>.json (lazy chunks). */
import type { Language } from '../../shared/i18n/languages.js';
import type { Catalogue, CatalogueLoader } from './i18n.js';

export type Globbed = Record<string, () => Promise<Catalogue>>;

export function fromGlob(files: Globbed, ns: string): CatalogueLoader {
  return async (language: Language) => {
    const load = Object.entries(files).find(([path]) => path.endsWith(`/locales/${language}/${ns}.json`))?.[1];
    return load ? await load() : undefined;
  };
}
