import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  plugins: [react()],
  // Every package the browser tests reach, entry points included: one Vite discovers mid-run makes it re-optimize
  // and reload the page under a running test file, which then fails ("failed to find the runner") or hangs.
  optimizeDeps: {
    include: [
      'comlink',
      'rxjs',
      'rxjs/testing',
      'zod',
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'jotai',
      'i18next',
      'vitest-browser-react',
      'lightweight-charts',
      'qrcode.react',
      'browser-image-compression',
    ],
  },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/streams/**/*.test.ts', 'src/contract/**/*.test.ts', 'src/http/**/*.test.ts', 'src/shared/**/*.test.ts', 'server/**/*.test.ts', 'locales/**/*.test.ts', 'scripts/**/*.test.ts'],
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
