import { useTranslation } from '../i18n/translation.tsx';

/** The top-level error boundary: a translated apology and a way out. */
export function AppError() {
  const { t } = useTranslation();
  return (
    <section className="app-error" role="alert">
      <h1>{t('app.error_title')}</h1>
      <p>{t('app.error_body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </section>
  );
}
