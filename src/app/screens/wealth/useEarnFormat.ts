import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/useLang.ts';
import { formatMoney } from '../../i18n/format.ts';
import { formatPercent } from '../../i18n/percent.ts';

/** Formatters for the earning screens: money with its currency, a rate as a percentage, a day count. */
export function useEarnFormat() {
  const { t } = useTranslation();
  const lang = useLang();
  return {
    money: (amount: string, currency: string) => t('app.amount_currency', { amount: formatMoney(amount, lang), currency }),
    percent: (rate: string) => t('earn.percent', { value: formatPercent(rate, lang) }),
    days: (count: number) => t('earn.days', { count }),
  };
}
