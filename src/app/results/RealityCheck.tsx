import { useAtomValue } from '../state/atomHooks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import type { LimitsView } from '../../contract/limits.ts';
import { useApi } from '../api/apiContext.ts';
import { Sheet } from '../components/Sheet.tsx';
import { formatMoney, formatSignedMoney, trendOf } from '../format/index.ts';
import { deviceTimeZone, hoursAndMinutes } from '../format/timeZone.ts';
import { useAppConfig } from '../hooks/useAppConfig.ts';
import { useLang } from '../hooks/useLang.ts';
import { useNavigate } from '../router/navigation.tsx';
import { realityCheckAtom } from '../state/realityCheck.ts';
import { tokenAtom } from '../state/session.ts';
import { readItem, REALITY_CHECK_KEY, writeItem } from '../storage/local.ts';
import { nextReminder } from './realityReminder.ts';

/**
 * The reality check, mounted (and its code loaded) once the member places an order in this app session: every N
 * minutes of trading it shows the time spent and today's result, with "Continue" and "Take a break". It asks
 * user/limits when it starts, when the member changes their limits and when a reminder falls due, never on a
 * beat: one timer, set for the next reminder.
 */
export function RealityCheck() {
  const client = useApi();
  const token = useAtomValue(tokenAtom);
  const currency = useAppConfig()?.currency ?? null;
  const [zone] = useState(deviceTimeZone);
  const read = useCallback(() => client.call('user/limits', zone === null ? {} : { timeZone: zone }).then((r) => r.data), [client, zone]);
  return token ? <RealityCheckFor key={token} read={read} currency={currency} /> : null;
}

/** The latest reminder already shown, per trading day (its first order's time): a reload does not show it again. */
const seenOf = (first: number | null): number => {
  const [day, at] = (readItem(REALITY_CHECK_KEY) ?? '').split(':').map(Number);
  return first !== null && day === first && at !== undefined && Number.isFinite(at) ? at : 0;
};

interface ForProps {
  /** Reads user/limits (tests pass their own). */
  readonly read: () => Promise<LimitsView>;
  /** The account's currency, for the amounts (null: not known). */
  readonly currency: string | null;
}

/** The check with its reading of user/limits given. */
export function RealityCheckFor({ read, currency }: ForProps) {
  const { placed, limitsChanged } = useAtomValue(realityCheckAtom);
  const [shown, setShown] = useState<{ readonly view: LimitsView; readonly at: number } | null>(null);
  const [asked, setAsked] = useState(0);
  // A read in flight or a timer set: an order placed meanwhile needs no read of its own.
  const waiting = useRef(false);
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });

  // Reads the figures and either shows a reminder that is due or waits for the next one. An order placed while a
  // timer waits changes nothing; the interval the member set does.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    waiting.current = true;
    readRef.current().then(
      (view) => {
        if (!live) return;
        const next = nextReminder(view, seenOf(view.today.firstTradeAt));
        waiting.current = next?.kind === 'later';
        if (next?.kind === 'due') setShown({ view, at: next.at });
        else if (next?.kind === 'later') timer = setTimeout(() => setAsked((n) => n + 1), next.in);
      },
      () => {
        // No figures, no reminder: the next order or change asks again.
        waiting.current = false;
      },
    );
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [asked, limitsChanged]);

  useEffect(() => {
    if (placed > 0 && !waiting.current) setAsked((n) => n + 1);
  }, [placed]);

  if (!shown) return null;
  const done = () => {
    writeItem(REALITY_CHECK_KEY, `${shown.view.today.firstTradeAt ?? 0}:${shown.at}`);
    setShown(null);
    setAsked((n) => n + 1);
  };
  return <RealityCheckSheet view={shown.view} currency={currency} onDone={done} />;
}

function RealityCheckSheet({ view, currency, onDone }: { readonly view: LimitsView; readonly currency: string | null; readonly onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { today } = view;
  const spent = hoursAndMinutes(view.serverTime - (today.firstTradeAt ?? view.serverTime));
  const duration = spent.h > 0 ? t('limits.duration_hm', { h: spent.h, m: spent.m }) : t('limits.duration_m', { m: spent.m });
  const money = (text: string) => (currency ? t('app.amount_currency', { amount: text, currency }) : text);
  return (
    <Sheet title={t('limits.check_title')} onClose={onDone}>
      <div className="stack">
        <p>{t('limits.check_time', { duration })}</p>
        <p>
          {t('limits.check_net')} <strong className={`trend-${trendOf(today.net)}`}>{money(formatSignedMoney(today.net, lang))}</strong>
        </p>
        <p className="muted">{t('limits.check_open', { amount: money(formatMoney(today.open, lang)) })}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={onDone}>
            {t('limits.check_continue')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onDone();
              navigate('/limits');
            }}
          >
            {t('limits.check_break')}
          </button>
        </div>
      </div>
    </Sheet>
  );
}
