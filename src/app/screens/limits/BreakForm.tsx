import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { breakForm, MAX_BREAK_DAYS, type BreakLength } from '../../../contract/limits-forms.ts';
import type { LimitsView } from '../../../contract/limits.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { deviceNow } from '../../../shared/clock.ts';
import { ChoiceGroup } from '../../forms/ChoiceGroup.tsx';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { formatDateTime } from '../../format/index.ts';
import { twoDigits } from '../../format/twoDigits.ts';
import { useLang } from '../../hooks/useLang.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SettingNote } from './SettingNote.tsx';
import type { useLimitsSave } from './useLimitsSave.ts';

interface Props {
  readonly view: LimitsView;
  readonly zone: string | null;
  readonly save: ReturnType<typeof useLimitsSave>;
}

/** A date `days` after the device's today, as a date input writes it (YYYY-MM-DD); the server checks it in the member's zone. */
function dateFromToday(days: number): string {
  const d = new Date(deviceNow());
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;
}

/** Take a break (no orders, no deposits; withdrawals stay open): for a length, or until a date. Ending one early waits 24 hours. */
export function BreakForm({ view, zone, save }: Props) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const toast = useSetAtom(showToastAtom);
  const [ending, setEnding] = useState(false);
  const spec = breakForm(zone);
  const form = useForm({
    fields: spec.fields,
    initial: { length: '1', 'break.date': '' },
    validate: (v) => contractFieldErrors(i18n, spec, v, { only: v.length === 'until' ? spec.fields : ['length'] }),
    submit: async (v) => {
      await save(spec.body(v));
      toast('limits.break_saved');
    },
  });
  const until = view.breakUntil.value;
  const lengths: readonly { value: BreakLength; label: string }[] = [
    { value: '1', label: t('limits.break_1') },
    { value: '7', label: t('limits.break_7') },
    { value: '30', label: t('limits.break_30') },
    { value: 'until', label: t('limits.break_until') },
  ];
  const end = async () => {
    setEnding(true);
    try {
      await save({ break: { kind: 'end' }, ...(zone === null ? {} : { timeZone: zone }) });
      toast('limits.saved');
    } catch (e) {
      toast(asApiFailure(e).msg);
    } finally {
      setEnding(false);
    }
  };
  const dateError = form.errors['break.date'];
  return (
    <form id="break" className="panel form" noValidate aria-labelledby="limits-break" onSubmit={(e) => void form.onSubmit(e)}>
      <h2 id="limits-break">{t('limits.break_title')}</h2>
      <p className="muted">{t('limits.break_intro')}</p>
      {until !== null ? (
        <>
          <SettingNote
            setting={view.breakUntil}
            show={(v) => (v === null ? t('limits.break_none') : t('limits.break_on', { when: formatDateTime(v, lang) }))}
            describeNext={(v, when) => (v === null ? t('limits.break_ends_early', { when }) : t('limits.break_shorter', { until: formatDateTime(v, lang), when }))}
          />
          {view.breakUntil.next === null ? (
            <button type="button" className="button button--ghost" onClick={() => void end()} disabled={ending || form.pending}>
              {t('limits.break_end')}
            </button>
          ) : null}
        </>
      ) : null}
      <ChoiceGroup legend={t('limits.break_length')} value={form.values.length as BreakLength} onValue={form.set('length')} options={lengths} />
      {form.values.length === 'until' ? (
        <TextField
          label={t('limits.break_date')}
          name="break.date"
          type="date"
          min={dateFromToday(1)}
          max={dateFromToday(MAX_BREAK_DAYS)}
          hint={t('limits.break_date_hint')}
          value={form.values['break.date']}
          onValue={form.set('break.date')}
          error={dateError ? t(form.values['break.date'] === '' ? 'limits.break_date_required' : 'limits.break_date_range') : undefined}
        />
      ) : null}
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={until === null ? t('limits.break_start') : t('limits.break_change')} />
    </form>
  );
}
