import { useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n/translation.tsx';
import { REALITY_MINUTES, realityForm } from '../../../contract/limits-forms.ts';
import type { LimitsView } from '../../../contract/limits.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { useForm } from '../../forms/useForm.ts';
import { formatInteger } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SettingNote } from './SettingNote.tsx';
import type { useLimitsSave } from './useLimitsSave.ts';

interface Props {
  readonly view: LimitsView;
  readonly zone: string | null;
  readonly save: ReturnType<typeof useLimitsSave>;
}

/** How often the app reminds the member of their time and result while they trade; off waits 24 hours, like any looser setting. */
export function RealityForm({ view, zone, save }: Props) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const toast = useSetAtom(showToastAtom);
  const spec = realityForm(zone);
  const current = view.realityMinutes.value;
  const form = useForm({
    fields: spec.fields,
    initial: { realityMinutes: current === null ? 'off' : String(current) },
    validate: (v) => contractFieldErrors(i18n, spec, v),
    submit: async (v) => {
      if (v.realityMinutes === (current === null ? 'off' : String(current))) return void toast('limits.unchanged');
      await save(spec.body(v));
      toast('limits.saved');
    },
  });
  const every = (minutes: number | null) => (minutes === null ? t('limits.reality_off') : t('limits.reality_every', { minutes: formatInteger(minutes, lang) }));
  const options = [...REALITY_MINUTES.map((m) => ({ value: String(m), label: every(m) })), { value: 'off', label: every(null) }];
  return (
    <form className="panel form" noValidate aria-labelledby="limits-reality" onSubmit={(e) => void form.onSubmit(e)}>
      <h2 id="limits-reality">{t('limits.reality_title')}</h2>
      <p className="muted">{t('limits.reality_intro')}</p>
      <SelectField label={t('limits.reality_label')} name="realityMinutes" value={form.values.realityMinutes} onValue={form.set('realityMinutes')} options={options} error={form.errors.realityMinutes ? t(form.errors.realityMinutes) : undefined} />
      <SettingNote setting={view.realityMinutes} show={every} />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('limits.save')} />
    </form>
  );
}
