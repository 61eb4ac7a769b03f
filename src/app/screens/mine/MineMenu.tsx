import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronIcon } from '../../components/icons.tsx';
import { screenPaths, type ScreenKey } from '../../router/screens.ts';

// Every sub-screen is reachable from here; the tab screens have the tab bar.
const menu: readonly ScreenKey[] = [
  'wallet', 'recharge', 'recharge2', 'withdraw', 'runningwater', 'trade', 'xq', 'orderrecord', 'record',
  'bindBankCard', 'realname', 'loginpassword', 'txpassword', 'yqhy', 'bz', 'bz2', 'lang',
];

export function MineMenu() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('my.menu')}>
      <ul className="menu">
        {menu.map((screen) => (
          <li key={screen}>
            <Link to={screenPaths[screen]} className="menu__item">
              <span>{t(`screen.${screen}`)}</span>
              <ChevronIcon />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
