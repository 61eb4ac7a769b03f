import { useId } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Terms } from './Terms.tsx';
import type { EarnProduct } from './types.ts';

interface Props {
  readonly product: EarnProduct;
  readonly onBuy: (product: EarnProduct) => void;
}

export function ProductCard({ product, onBuy }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const action = product.family === 'pledge' ? 'earn.pledge' : 'earn.buy';
  return (
    <article className="card earn-product" aria-labelledby={titleId}>
      <h3 id={titleId}>{product.name}</h3>
      <Terms product={product} />
      <button
        type="button"
        className="button button--block"
        disabled={!product.onSale}
        aria-label={t(`${action}_named`, { name: product.name })}
        onClick={() => onBuy(product)}
      >
        {product.onSale ? t(action) : t('earn.off_sale')}
      </button>
    </article>
  );
}
