import { useTranslation } from 'react-i18next';
import type { ErrorBody, Res } from '../../../contract/api.ts';
import { isTrc20Address } from '../../../shared/trc20.ts';
import { useApi } from '../../app/apiContext.ts';
import { FormAlert } from '../../components/FormAlert.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useForm } from '../../hooks/useForm.ts';
import { addressFields, validateAddress } from './validateBankCard.ts';

type Wallets = Res<'user/getUserWallets'>;

// Same code as the server's answer (errorCodes in the contract), so the form shows it the same way.
const badChecksum: ErrorBody = { code: 4014, msg: 'error.address_invalid', data: { fields: { address: 'error.address_invalid' } } };

/** The second caller of user/save_bank: add a TRC20 withdrawal address, checksum checked here and on the server. */
export function AddressForm({ onSaved }: { readonly onSaved: (w: Wallets) => void }) {
  const { t } = useTranslation();
  const client = useApi();
  const form = useForm({
    fields: addressFields,
    initial: { address: '' },
    validate: validateAddress,
    submit: async (v) => {
      const address = v.address.trim();
      if (!(await isTrc20Address(address))) throw badChecksum;
      const res = await client.call('user/save_bank', { kind: 'trc20', address });
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
      <button type="submit" className="button button--block" disabled={form.pending}>
        {form.pending ? t('auth.submitting') : t('bank.save_address')}
      </button>
    </form>
  );
}
