import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import type { ReviewItem } from '../../../contract/user.ts';
import { useBalances } from '../../balances/useBalances.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useAppConfig } from '../../hooks/useAppConfig.ts';

/**
 * The deposit just declared, under review, as the one balance store knows it (which reads again while a review is
 * pending); the member can ask for its status again.
 */
export function DepositStatus({ submitted }: { readonly submitted: ReviewItem }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const balances = useBalances();
  const s = balances.state;
  const list = s?.status === 'ok' ? s.data : null;
  const item = list?.requests.find((r) => r.kind === 'deposit' && r.id === submitted.id) ?? submitted;
  const pending = s?.status === 'loading' || balances.refreshing;
  const failure = s?.status === 'error' ? s.failure : balances.refreshFailure;
  return (
    <>
      <ReviewList items={[item]} currency={list?.currency ?? config?.currency ?? ''} title={t('deposit.status')} />
      <FormAlert messageKey={failure?.msg ?? null} />
      <div className="button-row">
        <button type="button" className="button button--ghost" disabled={pending} onClick={balances.refresh}>
          {pending ? t('app.loading') : t('deposit.refresh')}
        </button>
        <Link to="/wallet" className="button">
          {t('screen.wallet')}
        </Link>
      </div>
    </>
  );
}
