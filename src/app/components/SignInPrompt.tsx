import { useTranslation } from '../i18n/translation.tsx';
import { Link, useLocation } from '../router/navigation.tsx';
import { authPath } from '../router/returnTo.ts';

/** What a member-only screen shows without a token; logging in or registering comes back here. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <section className="panel signin" aria-labelledby="signin-title">
      <h2 id="signin-title">{t('auth.signin_prompt')}</h2>
      <div className="button-row">
        <Link to={authPath('/login', here)} className="button">
          {t('auth.login')}
        </Link>
        <Link to={authPath('/reg', here)} className="button button--ghost">
          {t('auth.register')}
        </Link>
      </div>
    </section>
  );
}
