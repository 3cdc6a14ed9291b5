import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const page = (name: string): string => fileURLToPath(new URL(`./renderer/${name}`, import.meta.url));

// The renderer is a plain web app: served by the host over HTTP, or loaded from disk by Electron
// (hence the relative base). Three pages: the till (index.html), the payer's checkout (pay.html)
// and the customer display (display.html). The manifest tells the server which files each page
// needs, so the payer listener serves the payer's files and nothing of the till's.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: { index: page('index.html'), pay: page('pay.html'), display: page('display.html') },
    },
  },
});
