import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScreenKey } from '../router/screens.ts';

/** The honest placeholder for a screen a later issue fills: it names the screen and does nothing. */
export function ComingSoon({ screen }: { readonly screen: ScreenKey }) {
  const { t } = useTranslation();
  return (
    <section className="panel soon" aria-labelledby="soon-title">
      <h2 id="soon-title">{t('soon.title', { screen: t(`screen.${screen}`) })}</h2>
      <p className="muted">{t('soon.body')}</p>
      <Link to="/" className="button button--ghost">
        {t('soon.home')}
      </Link>
    </section>
  );
}
