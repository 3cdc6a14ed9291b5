import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useLanguage } from '../i18n/i18n.js';
import { addPayerLoaders } from '../i18n/payer-loaders.js';
import { startPayerLanguage } from '../i18n/payer-language.js';
import { Checkout } from './Checkout.js';
import './payer.css';
import { applyStoredTheme } from './ThemeSwitch.js';

applyStoredTheme();
addPayerLoaders();
void startPayerLanguage();

/** Re-renders the whole page in the payer's language when it changes. */
function Translated({ code }: { code: string }) {
  useLanguage();
  return <Checkout code={code} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('pay.html lacks #root');
// The code is the last part of the path: /code/{code}.
const code = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
createRoot(root).render(
  <StrictMode>
    <Translated code={code} />
  </StrictMode>,
);
