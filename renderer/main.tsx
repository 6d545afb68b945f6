import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initAccessToken } from './client.js';
import { initI18n } from './i18n/index.js';
import './styles.css';

// Browser mode: take the access token out of the address bar before anything renders.
initAccessToken();
initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
