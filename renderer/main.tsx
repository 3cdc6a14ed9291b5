import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { connectPosApi } from './api/pos-client.js';
import { addTillLoaders } from './i18n/till-loaders.js';
import './app/styles.css';
import './app/counter.css';
import './app/theme.css';
import './app/fit.css';
import { applyStoredThemeSetting } from './app/ThemeChoice.js';

applyStoredThemeSetting();

addTillLoaders();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App api={connectPosApi()} />
  </StrictMode>,
);
