import { useTranslation } from '../../i18n/translation.tsx';
import { Balances } from '../../components/Balances.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useUserDetails } from '../../hooks/useUserDetails.ts';
import { useBalances } from '../../balances/useBalances.ts';

export function BalanceCard({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const { state, reload } = useUserDetails(token);
  // The figures come from the one balance store, so a settled result or an approved withdrawal shows here at once.
  const { state: balances, refresh } = useBalances();
  const figures = balances?.status === 'ok' ? balances.data : null;
  return (
    <section className="card balance-card" aria-label={t('home.balance')}>
      {state?.status === 'ok' ? (
        <>
          <h2 className="greeting">{t('home.greeting', { name: state.data.username })}</h2>
          <Balances details={figures} labels="home" />
          {balances?.status === 'error' ? <LoadFailure failure={balances.failure} onRetry={refresh} /> : null}
        </>
      ) : null}
      {state?.status === 'error' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state === null || state.status === 'loading' ? (
        // The loaded card's shape (a greeting line, then the balances), so the screen below does not jump.
        <>
          <p className="greeting muted" role="status">
            {t('app.loading')}
          </p>
          <Balances details={null} labels="home" />
        </>
      ) : null}
    </section>
  );
}
