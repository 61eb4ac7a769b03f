import { useTranslation } from 'react-i18next';
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
