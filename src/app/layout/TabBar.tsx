import type { ReactElement } from 'react';
import { useAtomValue } from '../state/atomHooks.ts';
import { useTranslation } from '../i18n/translation.tsx';
import { NavLink, useLocation } from '../router/navigation.tsx';
import { homeIcon, marketIcon, mineIcon, supportIcon, wealthIcon } from '../components/icons.tsx';
import { useSupportUnreadPoll } from '../hooks/useSupportUnreadPoll.ts';
import { tokenAtom } from '../state/session.ts';
import { supportUnreadAtom } from '../state/supportUnread.ts';
import { TabBadge } from './TabBadge.tsx';

const tabs: readonly { to: string; label: string; icon: ReactElement }[] = [
  { to: '/', label: 'nav.home', icon: homeIcon },
  { to: '/hq', label: 'nav.market', icon: marketIcon },
  { to: '/lc', label: 'nav.wealth', icon: wealthIcon },
  { to: '/kf', label: 'nav.support', icon: supportIcon },
  { to: '/my', label: 'nav.mine', icon: mineIcon },
];

/**
 * The support tab's unread count and the poll that keeps it fresh, apart from the bar: the poll's own state (the
 * page settling) and each new count render this alone, not every tab.
 */
function SupportBadge({ token, pathname }: { readonly token: string; readonly pathname: string }) {
  const unread = useAtomValue(supportUnreadAtom);
  // The support screen polls with markRead itself; every other tab screen keeps the badge fresh.
  useSupportUnreadPoll(token, pathname !== '/kf', pathname);
  return <TabBadge count={unread} />;
}

export function TabBar() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const { pathname } = useLocation();
  return (
    <nav className="tabbar" aria-label={t('app.main_nav')}>
      {tabs.map(({ to, label, icon }) => (
        <NavLink key={to} to={to} end className="tabbar__item">
          {icon}
          <span>{t(label)}</span>
          {to === '/kf' && token ? <SupportBadge token={token} pathname={pathname} /> : null}
        </NavLink>
      ))}
    </nav>
  );
}
