import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime } from '../../format/index.ts';

type Recent = Res<'user/invite'>['recent'];

/** The newest team members; the server masks their usernames. */
export function RecentInvitees({ recent }: { readonly recent: Recent }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="card" aria-labelledby="invite-recent-title">
      <h2 id="invite-recent-title">{t('invite.recent')}</h2>
      {recent.length === 0 ? (
        <p className="muted">{t('invite.no_recent')}</p>
      ) : (
        <ul className="invitees">
          {recent.map((r, i) => (
            <li key={`${r.username}:${r.registeredAt}:${i}`}>
              <span className="invitees__name">{r.username}</span>
              <span className="muted">{t('invite.level_n', { level: r.level })}</span>
              <span className="muted">{formatDateTime(r.registeredAt, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
