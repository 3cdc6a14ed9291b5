/** The PosApi for components, provided once by <App>. */
import { createContext, useContext } from 'react';
import type { PosApi } from '../../shared/posapi.js';

export const PosApiContext = createContext<PosApi | null>(null);

export function usePosApi(): PosApi {
  const api = useContext(PosApiContext);
  if (!api) throw new Error('usePosApi outside <App>');
  return api;
}
