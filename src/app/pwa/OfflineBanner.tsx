import { useTranslation } from '../i18n/translation.tsx';
import './offline.css';
import { useOnline } from './useOnline.ts';

/**
 * While the network is gone: says so, and that what is on screen is not live. A polite live region without the
 * status role, so it is announced but never mistaken for the app's toast (role="status"). Part of the first
 * screen's code (a few hundred bytes): a member who is offline before the page has settled still gets it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="pwa-offline-region" aria-live="polite">
      {online ? null : <p className="pwa-offline">{t('pwa.offline')}</p>}
    </div>
  );
}
