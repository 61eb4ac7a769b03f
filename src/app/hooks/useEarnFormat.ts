import { useTranslation } from '../i18n/translation.tsx';
import { formatMoney, formatPercent } from '../format/index.ts';
import { useLang } from './useLang.ts';

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
