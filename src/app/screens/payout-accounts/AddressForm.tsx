import { useTranslation } from '../../i18n/translation.tsx';
import type { ErrorBody, Res } from '../../../contract/api.ts';
import { isTrc20Address } from '../../../shared/trc20.ts';
import { localFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { addressForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

type Wallets = Res<'user/getUserWallets'>;

// Same code as the server's answer (errorCodes in the contract), so the form shows it the same way.
const badChecksum: ErrorBody = localFailure('error.address_invalid', { address: 'error.address_invalid' });

/** The second caller of user/save_bank: add a TRC20 withdrawal address, checksum checked here and on the server. */
export function AddressForm({ onSaved }: { readonly onSaved: (w: Wallets) => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const form = useForm({
    fields: addressForm.fields,
    initial: { address: '' },
    validate: (v) => contractFieldErrors(i18n, addressForm, v),
    submit: async (v) => {
      if (!(await isTrc20Address(v.address.trim()))) throw badChecksum;
      const res = await client.call(addressForm.path, addressForm.body(v));
      onSaved(res.data);
    },
  });
  return (
    <form className="panel form" noValidate aria-label={t('bank.address_form')} onSubmit={(e) => void form.onSubmit(e)}>
      <h2>{t('bank.address_form')}</h2>
      <TextField
        label={t('bank.address')}
        name="address"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('bank.address_hint')}
        value={form.values.address}
        onValue={form.set('address')}
        error={form.errors.address ? t(form.errors.address) : undefined}
      />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('bank.save_address')} />
    </form>
  );
}
