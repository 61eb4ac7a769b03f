import { useTranslation } from '../../i18n/translation.tsx';
import { formatDateTime, formatMoney } from '../../format/index.ts';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { useLang } from '../../hooks/useLang.ts';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { Link } from '../../router/navigation.tsx';
import './limits.css';

/** An order refused by the member's own limits: which one, how far the day has come (or when the break ends), and the way to them. */
export const isLimitRefusal = (key: string | null): key is 'error.limit_break' | 'error.limit_loss' | 'error.limit_turnover' =>
  key === 'error.limit_break' || key === 'error.limit_loss' || key === 'error.limit_turnover';

export function LimitRefusal({ refusal }: { readonly refusal: 'error.limit_break' | 'error.limit_loss' | 'error.limit_turnover' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  // Read once the refusal shows, never before: the ticket itself asks nothing of the limits.
  const limits = useMemberCall(`limits-refusal:${refusal}`, (c) => c.call('user/limits', {}).then((r) => r.data));
  const view = limits.state?.status === 'ok' ? limits.state.data : null;
  const money = (amount: string) => (config ? t('app.amount_currency', { amount: formatMoney(amount, lang), currency: config.currency }) : formatMoney(amount, lang));
  let detail: string | null = null;
  if (view && refusal === 'error.limit_break' && view.breakUntil.value !== null) detail = t('limits.refusal_break', { when: formatDateTime(view.breakUntil.value, lang) });
  if (view && refusal === 'error.limit_loss' && view.lossLimit.value !== null) detail = t('limits.refusal_loss', { used: money(view.today.loss), limit: money(view.lossLimit.value) });
  if (view && refusal === 'error.limit_turnover' && view.turnoverLimit.value !== null) detail = t('limits.refusal_turnover', { used: money(view.today.turnover), limit: money(view.turnoverLimit.value) });
  return (
    <p className="notice">
      {detail ? `${detail} ` : null}
      <Link to="/limits" className="limits-link">
        {t('limits.ticket_link')}
      </Link>
    </p>
  );
}
