import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { include: ['comlink', 'rxjs', 'ky', 'react', 'react-dom', 'react-router-dom', 'jotai', 'i18next', 'react-i18next', 'vitest-browser-react', 'lightweight-charts', 'qrcode.react', 'browser-image-compression'] },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/streams/**/*.test.ts', 'src/contract/**/*.test.ts', 'src/shared/**/*.test.ts', 'server/**/*.test.ts', 'locales/**/*.test.ts'],
          // PGlite instances are heavy; one file at a time per worker keeps 2 cores responsive.
          pool: 'forks',
          globalSetup: ['server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/app/**/*.test.{ts,tsx}', 'src/workers/**/*.test.ts', 'src/charts/**/*.test.ts'],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--disable-background-networking'],
              },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 360, height: 640 } }],
          },
        },
      },
    ],
  },
});
