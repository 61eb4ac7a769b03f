import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { Balances } from '../../components/Balances.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { BoundWallets } from '../../money/BoundWallets.tsx';
import { useBalances } from '../../balances/useBalances.ts';

export function WalletScreen() {
  return (
    <MemberScreen>
      <Wallet />
    </MemberScreen>
  );
}

function Wallet() {
  const { t } = useTranslation();
  const balance = useBalances();
  const wallets = useMemberCall('wallets', (c) => c.call('user/getUserWallets').then((r) => r.data));
  const b = balance.state;
  const refresh = () => {
    balance.refresh();
    wallets.reload();
  };
  return (
    <PullToRefresh onRefresh={refresh}>
      <section className="card" aria-label={t('wallet.balances')} aria-busy={b?.status === 'loading'}>
        {/* While loading, the figures are dashes in their final places, so nothing below moves when they arrive. */}
        {b?.status === 'error' ? <LoadFailure failure={b.failure} onRetry={balance.refresh} /> : <Balances details={b?.status === 'ok' ? b.data : null} labels="my" />}
        <div className="button-row">
          <Link to="/recharge" className="button">
            {t('wallet.deposit')}
          </Link>
          <Link to="/withdraw" className="button button--ghost">
            {t('wallet.withdraw')}
          </Link>
        </div>
        <Link to="/runningwater" className="inline-link">
          {t('wallet.fund_flow')}
        </Link>
      </section>
      {wallets.state?.status === 'error' ? <LoadFailure failure={wallets.state.failure} onRetry={wallets.reload} /> : <BoundWallets wallets={wallets.state?.status === 'ok' ? wallets.state.data : null} />}
      {b?.status === 'ok' ? <ReviewList items={b.data.requests} currency={b.data.currency} title={t('wallet.requests')} /> : null}
    </PullToRefresh>
  );
}
