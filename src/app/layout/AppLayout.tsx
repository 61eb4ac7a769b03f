import { useAtomValue } from '../state/atomHooks.ts';
import { BalancesSource } from '../balances/BalancesSource.tsx';
import { loadedLater } from '../components/loadedLater.tsx';
import { Toast } from '../components/Toast.tsx';
import { whenPageSettles } from '../pwa/whenPageSettles.ts';
import { useRouteView } from '../router/routeContext.ts';
import { tabScreens, type ScreenKey } from '../router/screens.ts';
import { realityCheckAtom } from '../state/realityCheck.ts';
import { AppError } from './AppError.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import { TabBar } from './TabBar.tsx';

// Not needed for the first screen (a result comes seconds later at the earliest): its code loads once the page
// has loaded and settled, so it never competes with the first screen's code and data on a slow connection.
const ResultToast = loadedLater(() => whenPageSettles().then(() => import('../results/ResultToast.tsx')).then((m) => m.ResultToast));

// Loaded with the first order the member places in this app session: a visit without trading never loads it. The
// import stands alone, without `.then`, so the build's preload helper may try it again under a URL of its own
// (scripts/import-retry.ts) in a browser that keeps a failed module load.
const realityCheckModule = () => import('../results/RealityCheck.tsx');
const RealityCheck = loadedLater(() => realityCheckModule().then((m) => m.RealityCheck));

const isTab = (screen: string): boolean => tabScreens.includes(screen as ScreenKey);

export function AppLayout() {
  const { route, loading } = useRouteView();
  const { screen, Component } = route;
  const tab = isTab(screen);
  const traded = useAtomValue(realityCheckAtom).placed > 0;
  return (
    <div className={tab ? 'app app--tabs' : 'app'}>
      {loading ? <div className="nav-progress" aria-hidden="true" /> : null}
      <ScreenHeader screen={screen} back={!tab} />
      <main className="screen" aria-busy={loading}>
        {/* A screen that throws (or whose code failed to load) shows the apology; the next screen clears it. */}
        <ErrorBoundary resetKey={route.location.pathname}>{Component ? <Component /> : <AppError />}</ErrorBoundary>
      </main>
      {tab ? <TabBar /> : null}
      <Toast />
      <ResultToast />
      {traded ? <RealityCheck /> : null}
      <BalancesSource />
    </div>
  );
}
