import { useTranslation } from 'react-i18next';

/** Shown while the first route's chunk and the config load. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}
