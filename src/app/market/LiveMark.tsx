import { memo } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import type { LiveState } from './liveState.ts';

/**
 * The mark every live panel carries when its data is old or its poll is retrying; nothing when fresh. Its panel
 * renders on every tick, and `live` is one of four shared values (liveStateOf), so the mark renders only when it changes.
 */
export const LiveMark = memo(function LiveMark({ live }: { readonly live: LiveState }) {
  const { t } = useTranslation();
  if (!live.stale && !live.reconnecting) return null;
  return (
    <p className={live.reconnecting ? 'live-mark live-mark--reconnecting' : 'live-mark'} role="status">
      {t(live.reconnecting ? 'market.reconnecting' : 'market.stale')}
    </p>
  );
});
