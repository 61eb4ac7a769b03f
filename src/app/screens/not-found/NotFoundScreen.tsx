import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="panel">
      <p>{t('notfound.body')}</p>
      <Link to="/" className="button">
        {t('notfound.home')}
      </Link>
    </section>
  );
}
