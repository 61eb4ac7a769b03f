import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from '../i18n/translation.tsx';
import { endAllBeforeUpdate } from './endBeforeUpdate.ts';
import { reloadIntoNewVersion } from './reloadIntoNewVersion.ts';

// The library would reload every open tab as soon as any one of them took the new version. A tab reloads only when
// its own member taps "Reload" (reloadIntoNewVersion), so another tab's choice never swaps this one's screen.
function stayOnThisPage(): void {}

/**
 * Registers the service worker (registerType "prompt"). A new version waits until the member chooses to
 * reload, so it never swaps the app under an order being placed; "Later" keeps the open page as it is.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onNeedReload: stayOnThisPage });
  // Taking over can take a moment on a slow phone: the tap shows it was heard, and a second tap does nothing more.
  const [reloading, setReloading] = useState(false);
  if (!needRefresh) return null;
  return (
    <section className="pwa-update" role="alert" aria-label={t('pwa.update_title')}>
      <p>{t('pwa.update_ready')}</p>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => setNeedRefresh(false)}>
          {t('pwa.update_later')}
        </button>
        <button
          type="button"
          className="button"
          aria-busy={reloading}
          onClick={() => {
            if (reloading) return;
            setReloading(true);
            void reloadIntoNewVersion(() => {
              endAllBeforeUpdate();
              return updateServiceWorker(true);
            });
          }}
        >
          {t(reloading ? 'pwa.update_reloading' : 'pwa.update_reload')}
        </button>
      </div>
    </section>
  );
}
