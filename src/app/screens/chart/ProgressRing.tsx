import { useCallback } from 'react';
import { serverNow } from '../../../shared/clock.ts';

const KEYFRAMES: Keyframe[] = [{ strokeDashoffset: 0 }, { strokeDashoffset: 100 }];

/**
 * A ring that empties from an order's open time to its settle time. The browser animates it (one Web
 * Animation whose length is the cycle, set to the time already gone on the server clock): React renders it
 * once per order, never per second.
 */
export function ProgressRing({ openTime, settleTime, offsetMs }: { readonly openTime: number; readonly settleTime: number; readonly offsetMs: number }) {
  const ref = useCallback(
    (node: SVGCircleElement | null) => {
      if (!node) return;
      const animation = node.animate(KEYFRAMES, { duration: Math.max(1, settleTime - openTime), fill: 'forwards' });
      animation.currentTime = Math.min(settleTime - openTime, Math.max(0, serverNow(offsetMs) - openTime));
      return () => animation.cancel();
    },
    [openTime, settleTime, offsetMs],
  );
  return (
    <svg className="ring" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <circle className="ring__track" cx="18" cy="18" r="15" />
      <circle ref={ref} className="ring__bar" cx="18" cy="18" r="15" pathLength={100} />
    </svg>
  );
}
