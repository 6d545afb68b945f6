/**
 * Content types of the built renderer's files by extension: only what Vite's
 * build emits. One table for both ways the renderer is served, the Electron
 * shell's `app://kiosk/` (which refuses any other extension, never sniffs) and
 * browser mode's HTTP server, so the two never disagree on a file.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
});
