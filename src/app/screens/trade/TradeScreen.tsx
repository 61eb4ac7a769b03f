import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Direction } from '../../../contract/market.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { tokenAtom } from '../../state/session.ts';
import { NoProduct } from '../chart/NoProduct.tsx';
import { useProductDetails } from '../chart/useProductDetails.ts';
import { useProductId } from '../chart/useProductId.ts';
import { TradeFlow } from './TradeFlow.tsx';
import '../../market/market.css';

/** Place a rise/fall order: cycle, amount, fee and payout, confirm; then its countdown and result. */
export function TradeScreen() {
  const token = useAtomValue(tokenAtom);
  const id = useProductId();
  if (!token) return <SignInPrompt />;
  if (id === null) return <NoProduct />;
  return <Trade id={id} />;
}

function Trade({ id }: { readonly id: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const direction: Direction = params.get('dir') === 'fall' ? 'fall' : 'rise';
  const { state, reload } = useProductDetails(id);
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  return <TradeFlow product={state.data} initialDirection={direction} />;
}
