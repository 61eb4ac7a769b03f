import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatMoney } from '../../format/index.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useHasPasskey } from '../../money/useHasPasskey.ts';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { useBalances } from '../../balances/useBalances.ts';
import { WithdrawForm } from './WithdrawForm.tsx';

export function WithdrawScreen() {
  return (
    <MemberScreen>
      <Withdraw />
    </MemberScreen>
  );
}

function Withdraw() {
  const { t } = useTranslation();
  const lang = useLang();
  const balance = useBalances();
  const wallets = useMemberCall('wallets', (c) => c.call('user/getUserWallets').then((r) => r.data));
  const passkey = useHasPasskey();
  // Each success empties the form (a new key); the balances follow by themselves (every money path refreshes the store).
  const [done, setDone] = useState(0);
  const b = balance.state;
  const onDone = () => setDone((n) => n + 1);
  return (
    <>
      {/* Shown while loading too, so the form below does not move when the figure arrives (a tap meant for a
          choice would land on the one above it). */}
      {b?.status === 'ok' || b?.status === 'loading' ? (
        <p className="card" aria-live="polite" aria-busy={b.status === 'loading'}>
          <span className="muted">{t('withdraw.available')}</span>{' '}
          <strong>{b.status === 'ok' ? t('app.amount_currency', { amount: formatMoney(b.data.available, lang), currency: b.data.currency }) : t('app.loading')}</strong>
        </p>
      ) : null}
      {b?.status === 'error' ? <LoadFailure failure={b.failure} onRetry={balance.refresh} /> : null}
      {wallets.state?.status === 'error' ? <LoadFailure failure={wallets.state.failure} onRetry={wallets.reload} /> : null}
      <WithdrawForm
        key={done}
        addresses={wallets.state?.status === 'ok' ? wallets.state.data.addresses : []}
        passkey={passkey}
        onDone={onDone}
      />
      {b?.status === 'ok' ? (
        <ReviewList items={b.data.requests.filter((r) => r.kind === 'withdrawal')} currency={b.data.currency} title={t('withdraw.mine')} />
      ) : null}
    </>
  );
}
