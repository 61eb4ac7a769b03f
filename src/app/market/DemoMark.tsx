import { useTranslation } from '../i18n/translation.tsx';
import type { ProductSummary } from '../../contract/market.ts';
import './demoMark.css';

/**
 * "Demo data" on a product whose prices replay recorded history (contract `replay`), so nobody takes it for a
 * live market; nothing otherwise. Screen readers hear the whole reason, as part of the row's link name.
 */
export function DemoMark({ product }: { readonly product: Pick<ProductSummary, 'replay'> }) {
  const { t } = useTranslation();
  if (product.replay !== true) return null;
  return (
    <span className="demo-mark" title={t('market.demo_hint')}>
      <span aria-hidden="true">{t('market.demo')}</span>
      <span className="visually-hidden">{t('market.demo_hint')}</span>
    </span>
  );
}
