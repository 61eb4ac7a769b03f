import { lazy, Suspense } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { BalancesSource } from '../balances/BalancesSource.tsx';
import { Toast } from '../components/Toast.tsx';
import type { ScreenHandle } from '../router/screens.ts';
import { ScreenHeader } from './ScreenHeader.tsx';
import { TabBar } from './TabBar.tsx';

// Not needed for the first paint (a result comes seconds later at the earliest): its code loads after it.
const ResultToast = lazy(() => import('../results/ResultToast.tsx').then((m) => ({ default: m.ResultToast })));

const isHandle = (h: unknown): h is ScreenHandle => typeof h === 'object' && h !== null && 'screen' in h && 'tab' in h;

export function AppLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  const handle = matches.map((m) => m.handle).filter(isHandle).at(-1);
  const tab = handle?.tab ?? false;
  return (
    <div className={tab ? 'app app--tabs' : 'app'}>
      {navigation.state === 'loading' ? <div className="nav-progress" aria-hidden="true" /> : null}
      <ScreenHeader screen={handle?.screen ?? 'notfound'} back={!tab} />
      <main className="screen" aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      {tab ? <TabBar /> : null}
      <Toast />
      <Suspense fallback={null}>
        <ResultToast />
      </Suspense>
      <BalancesSource />
    </div>
  );
}
