import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { LimitsView } from '../../../contract/limits.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { formatMoney, formatDateTime } from '../../format/index.ts';
import { deviceTimeZone } from '../../format/timeZone.ts';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { useLang } from '../../hooks/useLang.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { BreakForm } from './BreakForm.tsx';
import { LimitAmountsForm } from './LimitAmountsForm.tsx';
import { RealityForm } from './RealityForm.tsx';
import { TodayFigures } from './TodayFigures.tsx';
import { useLimitsSave } from './useLimitsSave.ts';
import './limits.css';

/** /limits: limits on one's own trading. Tighter settings apply at once; looser ones 24 hours after they are asked for. */
export function LimitsScreen() {
  return (
    <MemberScreen>
      <Limits />
    </MemberScreen>
  );
}

/** A form starts again from what is in force whenever that changes (after a save, or a change that came due). */
const formKey = (...parts: readonly unknown[]) => JSON.stringify(parts);

function Limits() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  const [zone] = useState(deviceTimeZone);
  const load = useMemberCall('limits', (c) => c.call('user/limits', zone === null ? {} : { timeZone: zone }).then((r) => r.data));
  const [saved, setSaved] = useState<LimitsView | null>(null);
  const save = useLimitsSave(setSaved);
  const state = load.state;
  const view = saved ?? (state?.status === 'ok' ? state.data : null);
  if (view === null) {
    if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={load.reload} />;
    return <p className="muted">{t('app.loading')}</p>;
  }
  const money = (amount: string) => (config ? t('app.amount_currency', { amount: formatMoney(amount, lang), currency: config.currency }) : formatMoney(amount, lang));
  const nextZone = view.timeZone.next;
  return (
    <>
      <p className="notice">{t('limits.intro')}</p>
      <TodayFigures view={view} money={money} />
      <LimitAmountsForm key={formKey(view.lossLimit, view.turnoverLimit)} view={view} zone={zone} money={money} save={save} />
      <BreakForm key={formKey(view.breakUntil)} view={view} zone={zone} save={save} />
      <RealityForm key={formKey(view.realityMinutes)} view={view} zone={zone} save={save} />
      <p className="muted">
        {t('limits.day_zone', { zone: view.timeZone.value ?? 'UTC' })}
        {nextZone?.value ? ` ${t('limits.zone_next', { zone: nextZone.value, when: formatDateTime(nextZone.at, lang) })}` : ''}
      </p>
    </>
  );
}
