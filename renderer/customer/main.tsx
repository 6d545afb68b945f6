import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerDisplay } from './CustomerDisplay.js';
import './customer.css';

// No token, no client: this page only listens to the sale screen (lib/customerDisplay.ts).
const root = document.getElementById('customer');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <CustomerDisplay />
    </StrictMode>,
  );
}
