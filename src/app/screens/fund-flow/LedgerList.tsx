import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime, formatMoney } from '../../format/index.ts';
import type { Entry } from './useLedgerPages.ts';

/** A freeze or unfreeze leaves the total alone; its amount is the change of the available part. */
const shownAmount = (e: Entry): string => (/^-?0\.00$/.test(e.amount) ? e.available : e.amount);
const signed = (s: string, lang: Parameters<typeof formatMoney>[1]) => (s.startsWith('-') || /^0\.00$/.test(s) ? formatMoney(s, lang) : `+${formatMoney(s, lang)}`);

export function LedgerList({ entries }: { readonly entries: readonly Entry[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ul className="ledger">
      {entries.map((e) => {
        const amount = shownAmount(e);
        const direction = amount.startsWith('-') ? 'out' : 'in';
        const frozenOnly = amount !== e.amount;
        return (
          <li key={e.id} data-testid="ledger-entry">
            <span>{t(`ledger.${e.type}`)}</span>
            <span className={`ledger__amount ledger__amount--${direction}`}>
              {signed(amount, lang)}
              {frozenOnly ? <span className="ledger__meta"> {t('water.available_only')}</span> : null}
            </span>
            <time className="ledger__meta" dateTime={new Date(e.createdAt).toISOString()}>
              {formatDateTime(e.createdAt, lang)}
            </time>
            <span className="ledger__meta ledger__amount">{t('water.balance_after_value', { amount: formatMoney(e.balanceAfter, lang) })}</span>
          </li>
        );
      })}
    </ul>
  );
}
