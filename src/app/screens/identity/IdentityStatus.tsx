import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime } from '../../format/index.ts';

/** Where the member's check stands, and why it was denied. */
export function IdentityStatus({ idcard }: { readonly idcard: Res<'user/idcard'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="card" aria-label={t('idcard.status')}>
      <h2>
        {t('idcard.status')}: <span className={`status status--${idcard.status}`}>{t(`idcard.status_${idcard.status}`)}</span>
      </h2>
      <dl className="detail-list">
        {idcard.realName ? (
          <div>
            <dt>{t('idcard.realName')}</dt>
            <dd>{idcard.realName}</dd>
          </div>
        ) : null}
        {idcard.idNumberMasked ? (
          <div>
            <dt>{t('idcard.idNumber')}</dt>
            <dd>{idcard.idNumberMasked}</dd>
          </div>
        ) : null}
        {idcard.submittedAt ? (
          <div>
            <dt>{t('idcard.submitted_at')}</dt>
            <dd>{formatDateTime(idcard.submittedAt, lang)}</dd>
          </div>
        ) : null}
      </dl>
      {idcard.status === 'denied' && idcard.reason ? <p className="review-list__reason">{t('review.reason', { reason: idcard.reason })}</p> : null}
    </section>
  );
}
