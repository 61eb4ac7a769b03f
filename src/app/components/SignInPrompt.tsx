import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What a member-only screen shows without a token (the spec has no route guards). */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <section className="panel signin" aria-labelledby="signin-title">
      <h2 id="signin-title">{t('auth.signin_prompt')}</h2>
      <div className="button-row">
        <Link to="/login" className="button">
          {t('auth.login')}
        </Link>
        <Link to="/reg" className="button button--ghost">
          {t('auth.register')}
        </Link>
      </div>
    </section>
  );
}
