import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';

const actions = [
  { to: '/recharge', label: 'home.deposit' },
  { to: '/withdraw', label: 'home.withdraw' },
  { to: '/yqhy', label: 'home.invite' },
  { to: '/kf', label: 'home.support' },
] as const;

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav className="quick-actions" aria-label={t('home.actions')}>
      {actions.map((a) => (
        <Link key={a.to} to={a.to} className="quick-actions__item">
          {t(a.label)}
        </Link>
      ))}
    </nav>
  );
}
