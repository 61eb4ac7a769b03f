import { useAtom } from '../../state/atomHooks.ts';
import { useTranslation } from '../../i18n/translation.tsx';
import { useNavigate } from '../../router/navigation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useUserDetails } from '../../hooks/useUserDetails.ts';
import { tokenAtom } from '../../state/session.ts';
import { MineMenu } from './MineMenu.tsx';
import { ProfileCard } from './ProfileCard.tsx';

export function MineScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token, setToken] = useAtom(tokenAtom);
  const { state, reload } = useUserDetails(token);
  const client = useApi();
  const logOut = () => {
    // The server forgets the token (the call reads it before it is cleared); signing out here never waits on it.
    void client.call('user/logout').catch(() => undefined);
    setToken(null);
    void navigate('/login');
  };
  return (
    <div className="stack">
      {token ? null : <SignInPrompt />}
      {state?.status === 'ok' ? <ProfileCard details={state.data} /> : null}
      {state?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
      {state?.status === 'error' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      <MineMenu />
      {token ? (
        <button type="button" className="button button--ghost button--block" onClick={logOut}>
          {t('auth.logout')}
        </button>
      ) : null}
    </div>
  );
}
