import { useTranslation } from '../i18n/translation.tsx';
import { Link } from '../router/navigation.tsx';
import type { Res } from '../../contract/api.ts';

/** The bound bank card and TRC20 addresses, with the way to bind them. */
export function BoundWallets({ wallets, link = true }: { readonly wallets: Res<'user/getUserWallets'>; readonly link?: boolean }) {
  const { t } = useTranslation();
  const card = wallets.bank;
  return (
    <section className="card" aria-label={t('wallet.bound')}>
      <h2>{t('wallet.bank_card')}</h2>
      {card ? (
        <p>
          {card.bankName} · {card.cardNumber} · {card.accountName}
        </p>
      ) : (
        <p className="muted">{t('wallet.no_card')}</p>
      )}
      <h2>{t('wallet.addresses')}</h2>
      {wallets.addresses.length === 0 ? <p className="muted">{t('wallet.no_addresses')}</p> : null}
      <ul className="review-list">
        {wallets.addresses.map((a) => (
          <li key={a.id} className="review-list__item">
            <span className="muted">{a.network}</span>
            <code className="address">{a.address}</code>
          </li>
        ))}
      </ul>
      {link ? (
        <Link to="/bindBankCard" className="button button--ghost">
          {card ? t('wallet.manage') : t('wallet.bind')}
        </Link>
      ) : null}
    </section>
  );
}
