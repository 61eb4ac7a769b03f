import { useTranslation } from 'react-i18next';

/** Why Rise and Fall are off: shown right next to them while the market is closed. */
export function ClosedReason({ id }: { readonly id?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="closed-reason">
      {t('tradeSheet.closed')}
    </p>
  );
}
