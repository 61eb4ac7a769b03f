import { useTranslation } from '../i18n/translation.tsx';
import type { ApiFailure } from '../../http/failure.ts';

/** A failed load: the translated reason and a retry. */
export function LoadFailure({ failure, onRetry }: { readonly failure: ApiFailure; readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failure" role="alert">
      <p>{t(failure.msg)}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
