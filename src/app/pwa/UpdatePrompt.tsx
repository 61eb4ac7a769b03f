import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from '../i18n/translation.tsx';
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
  if (!needRefresh) return null;
  return (
    <section className="pwa-update" role="alert" aria-label={t('pwa.update_title')}>
      <p>{t('pwa.update_ready')}</p>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => setNeedRefresh(false)}>
          {t('pwa.update_later')}
        </button>
        <button type="button" className="button" onClick={() => void reloadIntoNewVersion(() => updateServiceWorker(true))}>
          {t('pwa.update_reload')}
        </button>
      </div>
    </section>
  );
}
