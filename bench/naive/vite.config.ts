// The naive baseline of the main-thread benchmark (bench/main-thread/): a separate page, built into the
// benchmark's own static folder under /bench-naive/, so the real server serves it beside the app (same origin, same /api).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-naive/',
  plugins: [react()],
  build: { target: 'es2022', outDir: process.env['NAIVE_OUT_DIR'] ?? 'dist', emptyOutDir: true },
});
