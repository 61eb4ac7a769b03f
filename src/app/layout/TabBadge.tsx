import { useTranslation } from '../i18n/translation.tsx';
import './tabBadge.css';

/** The most a badge spells out; more shows as "99+". */
const MAX_SHOWN = 99;

/** An unread count on a tab; screen readers hear it as part of the tab's name ("Support, 2 unread replies"). */
export function TabBadge({ count }: { readonly count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="tab-badge">
      <span aria-hidden="true">{count > MAX_SHOWN ? t('kf.badge_more', { count: MAX_SHOWN }) : count}</span>
      <span className="visually-hidden">{t('kf.badge_label', { count })}</span>
    </span>
  );
}
