/// <reference types="vite/client" />
/** The payer page's and customer display's catalogues of the other languages, lazily (one chunk each). */
import { fromGlob } from './glob-loader.js';
import { addLoader, type Catalogue } from './i18n.js';

export function addPayerLoaders(): void {
  const payer = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/payer.json', { import: 'default' });
  addLoader('payer', fromGlob(payer, 'payer'));
}
