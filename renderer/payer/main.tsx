import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Checkout } from './Checkout.js';
import './payer.css';
import { applyStoredTheme } from './ThemeSwitch.js';

applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('pay.html lacks #root');
// The code is the last part of the path: /code/{code}.
const code = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
createRoot(root).render(
  <StrictMode>
    <Checkout code={code} />
  </StrictMode>,
);
