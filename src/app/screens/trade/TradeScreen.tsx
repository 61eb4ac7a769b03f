import { useTranslation } from '../../i18n/translation.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { NoProduct } from '../chart/NoProduct.tsx';
import { useProductDetails } from '../chart/useProductDetails.ts';
import { useProductId } from '../chart/useProductId.ts';
import { TradeFlow } from './TradeFlow.tsx';
import '../../market/market.css';

/** Place a rise/fall order full screen (the spec's /trade); a visitor sees the ticket and logs in to confirm. */
export function TradeScreen() {
  const id = useProductId();
  if (id === null) return <NoProduct />;
  return <Trade id={id} />;
}

function Trade({ id }: { readonly id: number }) {
  const { t } = useTranslation();
  const { state, reload } = useProductDetails(id);
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  return <TradeFlow product={state.data} />;
}
