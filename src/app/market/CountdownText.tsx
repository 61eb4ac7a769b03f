import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownBoard } from './countdown.ts';

/**
 * An open order's remaining time. React renders the empty node once; the countdown board writes the text
 * into it (only while it is on screen), so a list of a thousand of these never re-renders per second.
 */
export function CountdownText({ orderId, label }: { readonly orderId: number; readonly label: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    countdownBoard().setLabels({ settling: t('market.settling') });
  }, [t]);
  const ref = useCallback((node: HTMLSpanElement | null) => (node ? countdownBoard().register(node, orderId) : undefined), [orderId]);
  return <span ref={ref} className="countdown" role="timer" aria-label={label} />;
}
