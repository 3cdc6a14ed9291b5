import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useLanguage } from '../i18n/i18n.js';
import { addPayerLoaders } from '../i18n/payer-loaders.js';
import { startPayerLanguage } from '../i18n/payer-language.js';
import { pt } from '../payer/text.js';
import { CustomerDisplay } from './CustomerDisplay.js';
import './display.css';

addPayerLoaders();
void startPayerLanguage();

/** Re-renders the whole display in the payer's language when it changes. */
function Translated({ token }: { token: string }) {
  const language = useLanguage();
  useEffect(() => {
    document.title = pt('displayTitle');
  }, [language]);
  return <CustomerDisplay token={token} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('display.html lacks #root');
const token = document.querySelector<HTMLMetaElement>('meta[name="paydesk-display-token"]')?.content ?? '';
createRoot(root).render(
  <StrictMode>
    <Translated token={token} />
  </StrictMode>,
);
