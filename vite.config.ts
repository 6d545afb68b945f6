import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The renderer's build: loaded by Electron from app://kiosk/ (base './') and served by browser mode. */
const kiosk = `http://127.0.0.1:${process.env.KIOSK_PORT ?? 5174}`;

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Two pages: the counter's app, and the hall board (/display) with only what it needs.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
        display: fileURLToPath(new URL('./renderer/display.html', import.meta.url)),
      },
    },
  },
  server: {
    // The kiosk checks Host and Origin: present the requests as its own.
    proxy: {
      '/rpc': { target: kiosk, changeOrigin: true, headers: { origin: kiosk } },
      '/events': { target: kiosk, changeOrigin: true, headers: { origin: kiosk } },
    },
  },
});
