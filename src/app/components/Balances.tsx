import { useTranslation } from '../i18n/translation.tsx';
import type { UserDetails } from '../../contract/user.ts';
import { useLang } from '../hooks/useLang.ts';
import { formatMoney } from '../format/index.ts';

type Props = {
  /** null while loading: the labels show and the figures are dashes, so nothing moves when they arrive. */
  readonly details: Pick<UserDetails, 'balance' | 'available' | 'frozen' | 'currency'> | null;
  readonly labels: 'home' | 'my';
};

/** Account, available and frozen balances, formatted exactly from their decimal strings. */
export function Balances({ details, labels }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (amount: string | undefined) =>
    details && amount !== undefined ? t('app.amount_currency', { amount: formatMoney(amount, lang), currency: details.currency }) : '—';
  return (
    <dl className="figures">
      <div className="balances__main">
        <dt>{t(`${labels}.balance`)}</dt>
        <dd>{money(details?.balance)}</dd>
      </div>
      <div>
        <dt>{t(`${labels}.available`)}</dt>
        <dd>{money(details?.available)}</dd>
      </div>
      <div>
        <dt>{t(`${labels}.frozen`)}</dt>
        <dd>{money(details?.frozen)}</dd>
      </div>
    </dl>
  );
}
