import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { useAfterDelay } from '../../hooks/useAfterDelay.ts';
import { usePageSettled } from '../../hooks/usePageSettled.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useLang } from '../../hooks/useLang.ts';

/** How long the first announcement stands still, once the page has settled, before the ticker moves. */
export const READING_PAUSE_MS = 2000;

/**
 * Announcements (GET common/notice) in the member's language; reloads when the language changes. The ticker moves
 * only after the first screen has settled: it is a new frame to composite every vsync, which on a cold start of a
 * two-core phone takes a core from the first screen's own work.
 */
export function NoticeTicker() {
  const { t } = useTranslation();
  const client = useApi();
  const lang = useLang();
  const moving = useAfterDelay(usePageSettled(), READING_PAUSE_MS);
  const { state, reload } = useCall(
    `notice:${lang}`,
    () => client.call('common/notice').then((r) => r.data.items),
    () => client.peek('common/notice')?.data.items,
  );
  const notices = state?.status === 'ok' ? state.data.filter((n) => n.kind === 'notice') : [];
  return (
    <section className="ticker" aria-labelledby="notice-title">
      <h2 id="notice-title" className="ticker__title">
        {t('home.notices')}
      </h2>
      {state?.status === 'error' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
      {state?.status === 'ok' && notices.length === 0 ? <p className="muted">{t('home.no_notices')}</p> : null}
      {notices.length > 0 ? (
        <div className="ticker__viewport">
          <ul className={moving ? 'ticker__track ticker__track--moving' : 'ticker__track'}>
            {notices.map((n) => (
              <li key={n.id}>
                <Link to="/bz">{n.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
