import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../router/navigation.tsx';
import type { ReviewItem } from '../../../contract/user.ts';
import { asApiFailure, type ApiFailure } from '../../../http/failure.ts';
import { useApi } from '../../app/apiContext.ts';
import { FormAlert } from '../../components/FormAlert.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useAppConfig } from '../../money/useAppConfig.ts';

/** The deposit just declared, under review; the member can ask for its status again. */
export function DepositStatus({ submitted }: { readonly submitted: ReviewItem }) {
  const { t } = useTranslation();
  const client = useApi();
  const config = useAppConfig();
  const [item, setItem] = useState(submitted);
  const [currency, setCurrency] = useState(config?.currency ?? '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const refresh = async () => {
    setPending(true);
    setFailure(null);
    try {
      const res = await client.call('user/balance_list');
      const latest = res.data.requests.find((r) => r.kind === 'deposit' && r.id === submitted.id);
      if (latest) setItem(latest);
      setCurrency(res.data.currency);
    } catch (e) {
      setFailure(asApiFailure(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <ReviewList items={[item]} currency={currency} title={t('deposit.status')} />
      <FormAlert messageKey={failure?.msg ?? null} />
      <div className="button-row">
        <button type="button" className="button button--ghost" disabled={pending} onClick={() => void refresh()}>
          {pending ? t('app.loading') : t('deposit.refresh')}
        </button>
        <Link to="/wallet" className="button">
          {t('screen.wallet')}
        </Link>
      </div>
    </>
  );
}
