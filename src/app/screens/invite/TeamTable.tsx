import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatInteger } from '../../format/index.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';

type Levels = Res<'user/invite'>['levels'];

/** Team size, then members, cashback earned and cashback rate for each of the nine generations. */
export function TeamTable({ levels, currency }: { readonly levels: Levels; readonly currency: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useEarnFormat();
  const size = levels.reduce((sum, l) => sum + l.members, 0);
  return (
    <section className="card" aria-labelledby="invite-team-title">
      <h2 id="invite-team-title">{t('invite.team')}</h2>
      <p>{t('invite.team_size', { size: formatInteger(size, lang) })}</p>
      <table className="team-table">
        <thead>
          <tr>
            <th scope="col">{t('invite.level')}</th>
            <th scope="col">{t('invite.members')}</th>
            <th scope="col">{t('invite.cashback')}</th>
            <th scope="col">{t('invite.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => (
            <tr key={l.level}>
              <th scope="row">{t('invite.level_n', { level: l.level })}</th>
              <td>{formatInteger(l.members, lang)}</td>
              <td>{f.money(l.cashback, currency)}</td>
              <td>{f.percent(l.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
