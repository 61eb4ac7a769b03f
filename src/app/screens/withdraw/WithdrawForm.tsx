import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import type { Res } from '../../../contract/api.ts';
import { bankWithdrawalForm, trcWithdrawalForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { useApi } from '../../api/apiContext.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { PayPasswordField } from '../../forms/PayPasswordField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { ChoiceGroup } from '../../forms/ChoiceGroup.tsx';
import { AmountField } from '../../money/AmountField.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { AlternateSubmitButton, useAlternateSubmit } from '../../forms/AlternateSubmit.tsx';
import { signWithPasskey } from '../../hooks/passkeyCeremony.ts';

type Address = Res<'user/getUserWallets'>['addresses'][number];
interface Props {
  readonly addresses: readonly Address[];
  /** The member has a passkey this browser can use: offer it beside the PIN. */
  readonly passkey: boolean;
  readonly onDone: () => void;
}

/** Errors that a link fixes: where to go, and what the link says. */
const fixes: Partial<Record<string, { to: string; label: string }>> = {
  'error.no_bank_card': { to: '/bindBankCard', label: 'withdraw.bind_card' },
  'error.no_address': { to: '/bindBankCard', label: 'withdraw.bind_address' },
  'error.pay_password_unset': { to: '/txpassword', label: 'withdraw.set_password' },
};

export function WithdrawForm({ addresses, passkey, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const config = useAppConfig();
  const toast = useSetAtom(showToastAtom);
  const submission = useSubmissionKey();
  const [method, setMethod] = useState<'bank' | 'trc20'>('bank');
  const min = config?.minWithdraw ?? null;
  const spec = method === 'bank' ? bankWithdrawalForm : trcWithdrawalForm;
  // Confirming with a passkey instead of the PIN: the PIN field is not asked for then.
  const viaPasskey = useAlternateSubmit();
  const form = useForm({
    fields: spec.fields,
    initial: { amount: '', payPassword: '', addressId: '' },
    validate: (v) =>
      contractFieldErrors(i18n, spec, v, {
        prompts: { payPassword: 'prompt.withdrawPassword' },
        known: { minAmount: min },
        ...(viaPasskey.active.current ? { only: ['amount', 'addressId'] as const } : {}),
      }),
    submit: async (v) => {
      // Spec 7: a bank withdrawal goes to wallet/bankWithdrawal, a TRC20 one to wallet/trcWithdrawal (the spec's path).
      const body = spec.body(v);
      if (viaPasskey.active.current) {
        // The passkey approves exactly this amount to exactly this destination, once (server/passkeys/binding.ts).
        const request = { paymethod: body.paymethod, amount: body.amount, ...(body.addressId === undefined ? {} : { addressId: body.addressId }) };
        const { options } = (await client.call('passkey/stepup_options', { purpose: 'withdrawal', ...request })).data;
        const approved = { ...request, passkey: await signWithPasskey(options) };
        // One key for the request whatever signs it: a retry approved again is still this one withdrawal.
        await client.call(spec.path, approved, { idempotencyKey: submission.keyFor(request) });
      } else {
        await client.call(spec.path, body, { idempotencyKey: submission.keyFor(body) });
      }
      submission.done();
      toast('msg.withdraw_submitted');
      onDone();
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const fix = form.formError ? fixes[form.formError] : undefined;
  return (
    <form className="panel form" noValidate aria-label={t('screen.withdraw')} onSubmit={(e) => void form.onSubmit(e)}>
      <ChoiceGroup
        legend={t('withdraw.method')}
        value={method}
        onValue={setMethod}
        options={[
          { value: 'bank', label: t('withdraw.to_card') },
          { value: 'trc20', label: t('withdraw.to_address') },
        ]}
      />
      {method === 'trc20' && addresses.length > 1 ? (
        <SelectField
          label={t('withdraw.address')}
          name="addressId"
          // Unchosen means the first address, as the server reads a missing addressId.
          value={form.values.addressId || String(addresses[0]?.id ?? '')}
          onValue={form.set('addressId')}
          options={addresses.map((a) => ({ value: String(a.id), label: a.address }))}
          error={error(form.errors.addressId)}
        />
      ) : null}
      <AmountField
        label={t('withdraw.amount')}
        placeholder={t('prompt.withdrawAmount')}
        minimum={{ amount: min, key: 'withdraw.min' }}
        value={form.values.amount}
        onValue={form.set('amount')}
        error={error(form.errors.amount)}
      />
      <PayPasswordField
        label={t('withdraw.password')}
        hint={t('paypwd.hint')}
        value={form.values.payPassword}
        onValue={form.set('payPassword')}
        error={error(form.errors.payPassword)}
      />
      <FormAlert messageKey={form.formError} />
      {fix ? (
        <Link to={fix.to} className="button button--ghost">
          {t(fix.label)}
        </Link>
      ) : null}
      <SubmitButton pending={form.pending} label={t('withdraw.submit')} />
      {passkey ? (
        <AlternateSubmitButton pending={form.pending} label={t('passkeys.confirm_with')} onClick={(e) => void viaPasskey.submit(form.onSubmit, e)} />
      ) : null}
    </form>
  );
}
