import { useTranslation } from '../i18n/translation.tsx';

/** Shown while the first route's chunk and the config load. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}
