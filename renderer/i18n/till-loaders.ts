/// <reference types="vite/client" />
/**
 * The till page's catalogues of the other languages, one lazy chunk per language and namespace
 * (Vite dynamic imports): only the chosen language is fetched.
 */
import { fromGlob } from './glob-loader.js';
import { addLoader, type Catalogue } from './i18n.js';

export function addTillLoaders(): void {
  const till = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/till.json', { import: 'default' });
  const printer = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/printer.json', { import: 'default' });
  addLoader('till', fromGlob(till, 'till'));
  addLoader('printer', fromGlob(printer, 'printer'));
  const errors = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/errors.json', { import: 'default' });
  addLoader('errors', fromGlob(errors, 'errors'));
}
