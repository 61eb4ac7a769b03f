import { useTranslation } from '../i18n/translation.tsx';
import type { ReviewItem } from '../../contract/user.ts';
import { useLang } from '../hooks/useLang.ts';
import { formatDateTime, formatMoney } from '../format/index.ts';

interface Props {
  readonly items: readonly ReviewItem[];
  readonly currency: string;
  /** Already translated. */
  readonly title: string;
}

/** Deposits, withdrawals and refund requests with their review status and, when denied, the reason. */
export function ReviewList({ items, currency, title }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? <p className="muted">{t('review.none')}</p> : null}
      <ul className="review-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`} className="review-list__item">
            <div className="review-list__row">
              <span>
                {t(`review.kind_${item.kind}`)} · {t(`review.method_${item.method}`, { defaultValue: item.method })}
              </span>
              <span className={`status status--${item.status}`}>{t(`review.status_${item.status}`)}</span>
            </div>
            <div className="review-list__row">
              <strong>{t('app.amount_currency', { amount: formatMoney(item.amount, lang), currency })}</strong>
              <time className="muted" dateTime={new Date(item.createdAt).toISOString()}>
                {formatDateTime(item.createdAt, lang)}
              </time>
            </div>
            {item.status === 'fail' && item.reason ? <p className="review-list__reason">{t('review.reason', { reason: item.reason })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
