import './pwa.css';
import { OfflineBanner } from './OfflineBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** The installable app's own UI: the offline banner and the "new version" prompt. Loaded after the first screen. */
export function PwaLayer() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
