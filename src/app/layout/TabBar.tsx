import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { HomeIcon, MarketIcon, MineIcon, SupportIcon, WealthIcon } from '../components/icons.tsx';

const tabs: readonly { to: string; label: string; Icon: ComponentType }[] = [
  { to: '/', label: 'nav.home', Icon: HomeIcon },
  { to: '/hq', label: 'nav.market', Icon: MarketIcon },
  { to: '/lc', label: 'nav.wealth', Icon: WealthIcon },
  { to: '/kf', label: 'nav.support', Icon: SupportIcon },
  { to: '/my', label: 'nav.mine', Icon: MineIcon },
];

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('app.main_nav')}>
      {tabs.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} end className="tabbar__item">
          <Icon />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
