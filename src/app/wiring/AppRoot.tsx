import { Provider } from 'jotai';
import { TranslationProvider } from '../i18n/translation.tsx';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/forms.css';
import '../styles/rise-fall.css';
import '../styles/tabs.css';
// The update card's and the result toast's few rules ride in the app's stylesheet: as files of their own, each was
// one more request and one more stylesheet inserted into every page after its first paint.
import '../pwa/pwa.css';
import '../results/results.css';
import { AppLayout } from '../layout/AppLayout.tsx';
import { ErrorBoundary } from '../layout/ErrorBoundary.tsx';
import { ThemeSync } from '../layout/ThemeSync.tsx';
import { OfflineBanner } from '../pwa/OfflineBanner.tsx';
import { AppRouterView } from './AppRouterView.tsx';
import type { App } from './createApp.ts';
import { ApiContext } from '../api/apiContext.ts';

export function AppRoot({ app }: { app: App }) {
  return (
    <Provider store={app.store}>
      <TranslationProvider i18n={app.i18n}>
        <ApiContext value={app.client}>
          <ThemeSync />
          <OfflineBanner />
          <ErrorBoundary>
            <AppRouterView router={app.router}>
              <AppLayout />
            </AppRouterView>
          </ErrorBoundary>
        </ApiContext>
      </TranslationProvider>
    </Provider>
  );
}
