import { useCallback } from 'react';
import { countdownBoard } from '../../market/countdown.ts';

/**
 * A ring that empties from an order's open time to its settle time. The countdown board steps it once a second
 * with the order's countdown, on the server clock (a browser animation of the stroke would restyle and repaint
 * every frame): React renders it once per order, never per second.
 */
export function ProgressRing({ openTime, settleTime }: { readonly openTime: number; readonly settleTime: number }) {
  const ref = useCallback((node: SVGCircleElement | null) => (node ? countdownBoard().registerRing(node, openTime, settleTime) : undefined), [openTime, settleTime]);
  return (
    <svg className="ring" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <circle className="ring__track" cx="18" cy="18" r="15" />
      <circle ref={ref} className="ring__bar" cx="18" cy="18" r="15" pathLength={100} />
    </svg>
  );
}
