import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initAccessToken } from '../client.js';
import { HallBoard } from './HallBoard.js';
import './board.css';

// Browser mode: the display token arrives as `/display#token=...` and is kept for reloads.
initAccessToken();

const root = document.getElementById('board');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HallBoard />
    </StrictMode>,
  );
}
