import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerDisplay } from './CustomerDisplay.js';
import './display.css';

const root = document.getElementById('root');
if (!root) throw new Error('display.html lacks #root');
const token = document.querySelector<HTMLMetaElement>('meta[name="paydesk-display-token"]')?.content ?? '';
createRoot(root).render(
  <StrictMode>
    <CustomerDisplay token={token} />
  </StrictMode>,
);
