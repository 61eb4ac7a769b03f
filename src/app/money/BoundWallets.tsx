import { useTranslation } from '../i18n/translation.tsx';
import { Link } from '../router/navigation.tsx';
import type { Res } from '../../contract/api.ts';

/**
 * The bound bank card and TRC20 addresses, with the way to bind them. `wallets` null while loading: the headings
 * show with "Loading…" in the places of the empty lists, so what is below moves only if there is more to show.
 */
export function BoundWallets({ wallets, link = true }: { readonly wallets: Res<'user/getUserWallets'> | null; readonly link?: boolean }) {
  const { t } = useTranslation();
  const card = wallets?.bank;
  const loading = wallets === null ? <p className="muted">{t('app.loading')}</p> : null;
  return (
    <section className="card" aria-label={t('wallet.bound')} aria-busy={wallets === null}>
      <h2>{t('wallet.bank_card')}</h2>
      {loading ?? (card ? (
        <p>
          {card.bankName} · {card.cardNumber} · {card.accountName}
        </p>
      ) : (
        <p className="muted">{t('wallet.no_card')}</p>
      ))}
      <h2>{t('wallet.addresses')}</h2>
      {loading}
      {wallets?.addresses.length === 0 ? <p className="muted">{t('wallet.no_addresses')}</p> : null}
      <ul className="review-list">
        {(wallets?.addresses ?? []).map((a) => (
          <li key={a.id} className="review-list__item">
            <span className="muted">{a.network}</span>
            <code className="address">{a.address}</code>
          </li>
        ))}
      </ul>
      {link && wallets ? (
        <Link to="/bindBankCard" className="button button--ghost">
          {card ? t('wallet.manage') : t('wallet.bind')}
        </Link>
      ) : null}
    </section>
  );
}
