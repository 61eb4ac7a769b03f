import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (server/main.ts) serves dist/ and /api on one port; in dev, Vite proxies /api to it.
const apiTarget = process.env['API_TARGET'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  optimizeDeps: { include: ['comlink', 'rxjs', 'ky', 'react', 'react-dom', 'react-router-dom', 'jotai', 'i18next', 'react-i18next'] },
  build: { target: 'es2022', sourcemap: true },
});
