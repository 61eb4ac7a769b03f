import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useLang } from '../../hooks/useLang.ts';

/** GET wealth/details: the product's description in the member's language. */
export function ProductDescription({ productId }: { readonly productId: number }) {
  const { t } = useTranslation();
  const client = useApi();
  const lang = useLang();
  const { state, reload } = useCall(`earn-details:${productId}:${lang}`, () => client.call('wealth/details', { id: productId }).then((r) => r.data));
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  return <p className="earn-description">{state.data.description}</p>;
}
