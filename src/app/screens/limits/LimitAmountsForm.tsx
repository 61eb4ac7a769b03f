import { useSetAtom } from 'jotai';
import { Fragment, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { asApiFailure } from '../../../http/failure.ts';
import { limitAmountsForm } from '../../../contract/limits-forms.ts';
import type { LimitsView } from '../../../contract/limits.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SettingNote } from './SettingNote.tsx';
import type { useLimitsSave } from './useLimitsSave.ts';

interface Props {
  readonly view: LimitsView;
  readonly zone: string | null;
  /** Writes an amount with the account's currency. */
  readonly money: (amount: string) => string;
  readonly save: ReturnType<typeof useLimitsSave>;
}

const LIMIT_FIELDS = [
  { field: 'lossLimit', label: 'limits.loss_label', hint: 'limits.loss_hint' },
  { field: 'turnoverLimit', label: 'limits.turnover_label', hint: 'limits.turnover_hint' },
] as const;

/** The daily loss and turnover limits: empty is none; only a limit that differs from the one in force is sent. */
export function LimitAmountsForm({ view, zone, money, save }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useSetAtom(showToastAtom);
  const [keeping, setKeeping] = useState(false);
  const spec = limitAmountsForm(view, zone);
  const form = useForm({
    fields: spec.fields,
    initial: { lossLimit: view.lossLimit.value ?? '', turnoverLimit: view.turnoverLimit.value ?? '' },
    validate: (v) => contractFieldErrors(i18n, spec, v),
    submit: async (v) => {
      const body = spec.body(v);
      // Nothing differs from what is in force: nothing to send.
      if (body.lossLimit === undefined && body.turnoverLimit === undefined) return void toast('limits.unchanged');
      await save(body);
      toast('limits.saved');
    },
  });
  const show = (value: string | null) => (value === null ? t('limits.no_limit') : money(value));
  const keep = (field: 'lossLimit' | 'turnoverLimit') => async () => {
    setKeeping(true);
    try {
      const value = view[field].value;
      await save({ ...(field === 'lossLimit' ? { lossLimit: value } : { turnoverLimit: value }), ...(zone === null ? {} : { timeZone: zone }) });
      toast('limits.saved');
    } catch (e) {
      toast(asApiFailure(e).msg);
    } finally {
      setKeeping(false);
    }
  };
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form className="panel form" noValidate aria-labelledby="limits-amounts" onSubmit={(e) => void form.onSubmit(e)}>
      <h2 id="limits-amounts">{t('limits.amounts_title')}</h2>
      {LIMIT_FIELDS.map(({ field, label, hint }) => (
        <Fragment key={field}>
          <TextField
            label={t(label)}
            name={field}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('limits.no_limit')}
            hint={t(hint)}
            value={form.values[field]}
            onValue={form.set(field)}
            error={error(form.errors[field])}
          />
          <SettingNote setting={view[field]} show={show} onKeep={keep(field)} busy={keeping || form.pending} />
        </Fragment>
      ))}
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('limits.save')} />
    </form>
  );
}
