import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { channelTable } from './tools/vite/channel-table.js';

/** The renderer's build: loaded by Electron from app://kiosk/ (base './') and served by browser mode. */
const kiosk = `http://127.0.0.1:${process.env.KIOSK_PORT ?? 5174}`;

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react(), channelTable()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Three pages: the counter's app, the hall board (/display) and the customer display (/customer), each with only what it needs.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
        display: fileURLToPath(new URL('./renderer/display.html', import.meta.url)),
        // The customer display (a second monitor at the counter): no client, no token, only the sale screen's BroadcastChannel.
        customer: fileURLToPath(new URL('./renderer/customer.html', import.meta.url)),
      },
      output: {
        // React and i18next change far less often than the kiosk's own code: a chunk of their own stays cached.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next)[\\/]/ }] },
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
