// The chart lab page of bench/chart-first-draw.ts, built like the app (production, minified) into the bench's own
// folder (its build() call names it).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
