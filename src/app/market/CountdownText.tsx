import { useCallback, useEffect } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { countdownBoard } from './countdown.ts';

/**
 * An open order's remaining time to `settleTime` (server epoch ms). React renders the empty node once; the
 * countdown board writes the text into it (only while it is on screen), so a list of a thousand of these
 * never re-renders per second.
 */
export function CountdownText({ settleTime, label }: { readonly settleTime: number; readonly label: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    countdownBoard().setLabels({ settling: t('market.settling') });
  }, [t]);
  const ref = useCallback((node: HTMLSpanElement | null) => (node ? countdownBoard().register(node, settleTime) : undefined), [settleTime]);
  // The slot is the flex or grid item; the countdown inside it, fixed in size, lays out alone (market.css).
  return (
    <span className="countdown-slot">
      <span ref={ref} className="countdown" role="timer" aria-label={label} />
    </span>
  );
}
