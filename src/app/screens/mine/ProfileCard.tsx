import { useTranslation } from '../../i18n/translation.tsx';
import type { UserDetails } from '../../../contract/user.ts';
import { Balances } from '../../components/Balances.tsx';
import { useBalances } from '../../balances/useBalances.ts';

export function ProfileCard({ details }: { readonly details: UserDetails }) {
  const { t } = useTranslation();
  // The figures come from the shared source, so a settled result shows here without a reload.
  const balances = useBalances().state;
  return (
    <section className="card profile" aria-labelledby="profile-name">
      <h2 id="profile-name" className="profile__name">
        {details.username}
      </h2>
      <p className="badges">
        <span className="badge">{t('my.level', { level: details.level })}</span>
        <span className={details.verified ? 'badge badge--ok' : 'badge'}>{details.verified ? t('my.verified') : t('my.unverified')}</span>
      </p>
      <Balances details={balances?.status === 'ok' ? balances.data : details} labels="my" />
    </section>
  );
}
