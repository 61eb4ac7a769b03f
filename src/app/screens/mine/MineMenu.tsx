import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { chevronIcon } from '../../components/icons.tsx';
import { screenPaths, type ScreenKey } from '../../router/screens.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

/**
 * The menu in five groups. Only screens that work when opened from here are listed:
 * /trade and /xq need a product and /recharge2 needs step 1's choice, so they are reached from their flows.
 */
export const mineGroups = [
  { id: 'account', screens: ['orderrecord', 'record', 'yqhy', 'limits'] },
  { id: 'wallet', screens: ['wallet', 'recharge', 'withdraw', 'runningwater', 'bindBankCard'] },
  { id: 'security', screens: ['realname', 'loginpassword', 'txpassword', 'passkeys', 'devices'] },
  { id: 'support', screens: ['kf', 'bz', 'bz2'] },
  { id: 'settings', screens: ['lang'] },
] as const satisfies readonly { id: string; screens: readonly ScreenKey[] }[];

export function MineMenu() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('my.menu')} className="menu-groups">
      {mineGroups.map((group) => (
        <section key={group.id} className="menu-group" aria-labelledby={`menu-${group.id}`}>
          <h2 id={`menu-${group.id}`} className="menu-group__title">
            {t(`my.group_${group.id}`)}
          </h2>
          <ul className="menu">
            {group.screens.map((screen) => (
              <li key={screen}>
                <Link to={screenPaths[screen]} className="menu__item">
                  <span>{t(`screen.${screen}`)}</span>
                  {chevronIcon}
                </Link>
              </li>
            ))}
            {group.id === 'settings' ? (
              <li>
                <ThemeSwitch />
              </li>
            ) : null}
          </ul>
        </section>
      ))}
    </nav>
  );
}
