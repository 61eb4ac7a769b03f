import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';

/** /xq or /trade without a valid ?id=: send the member to the market. */
export function NoProduct() {
  const { t } = useTranslation();
  return (
    <section className="panel">
      <p>{t('market.product_missing')}</p>
      <Link to="/hq" className="button button--ghost">
        {t('market.go_market')}
      </Link>
    </section>
  );
}
