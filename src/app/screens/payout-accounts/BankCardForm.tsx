import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { useApi } from '../../api/apiContext.ts';
import { bankCardForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

type Wallets = Res<'user/getUserWallets'>;
type Banks = Res<'common/banks'>['items'];

/** The first caller of user/save_bank: bind (or replace) the bank card. `banks` null while the list loads. */
export function BankCardForm({ banks, onSaved }: { readonly banks: Banks | null; readonly onSaved: (w: Wallets) => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const form = useForm({
    fields: bankCardForm.fields,
    initial: { bankName: '', cardNumber: '', accountName: '', branch: '', city: '', province: '' },
    validate: (v) => contractFieldErrors(i18n, bankCardForm, v),
    submit: async (v) => {
      const res = await client.call(bankCardForm.path, bankCardForm.body(v));
      onSaved(res.data);
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const text = (f: 'accountName' | 'branch' | 'city' | 'province', autoComplete: string) => (
    <TextField label={t(`bank.${f}`)} name={f} autoComplete={autoComplete} value={form.values[f]} onValue={form.set(f)} error={error(form.errors[f])} />
  );
  return (
    <form className="panel form" noValidate aria-label={t('bank.card_form')} onSubmit={(e) => void form.onSubmit(e)}>
      <h2>{t('bank.card_form')}</h2>
      <SelectField
        label={t('bank.bankName')}
        name="bankName"
        value={form.values.bankName}
        onValue={form.set('bankName')}
        placeholder={banks ? t('bank.choose_bank') : t('app.loading')}
        options={(banks ?? []).map((b) => ({ value: b.name, label: b.name }))}
        error={error(form.errors.bankName)}
      />
      <TextField label={t('bank.cardNumber')} name="cardNumber" inputMode="numeric" autoComplete="cc-number" hint={t('bank.card_hint')} value={form.values.cardNumber} onValue={form.set('cardNumber')} error={error(form.errors.cardNumber)} />
      {text('accountName', 'cc-name')}
      {text('branch', 'off')}
      {text('city', 'address-level2')}
      {text('province', 'address-level1')}
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('bank.save_card')} />
    </form>
  );
}
