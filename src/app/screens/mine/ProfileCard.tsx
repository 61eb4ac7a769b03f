import { useTranslation } from 'react-i18next';
import type { UserDetails } from '../../../contract/user.ts';
import { Balances } from '../../components/Balances.tsx';

export function ProfileCard({ details }: { readonly details: UserDetails }) {
  const { t } = useTranslation();
  return (
    <section className="card profile" aria-labelledby="profile-name">
      <h2 id="profile-name" className="profile__name">
        {details.username}
      </h2>
      <p className="badges">
        <span className="badge">{t('my.level', { level: details.level })}</span>
        <span className={details.verified ? 'badge badge--ok' : 'badge'}>{details.verified ? t('my.verified') : t('my.unverified')}</span>
      </p>
      <Balances details={details} labels="my" />
    </section>
  );
}
