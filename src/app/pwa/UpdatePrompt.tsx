import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';

/**
 * Registers the service worker (registerType "prompt"). A new version waits until the member chooses to
 * reload, so it never swaps the app under an order being placed; "Later" keeps the open page as it is.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <section className="pwa-update" role="alert" aria-label={t('pwa.update_title')}>
      <p>{t('pwa.update_ready')}</p>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => setNeedRefresh(false)}>
          {t('pwa.update_later')}
        </button>
        <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
          {t('pwa.update_reload')}
        </button>
      </div>
    </section>
  );
}
