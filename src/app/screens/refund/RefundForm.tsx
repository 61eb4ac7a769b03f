import { useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { useApi } from '../../api/apiContext.ts';
import { refundForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { PayPasswordField } from '../../forms/PayPasswordField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

/** wallet/submit: the anti-fraud refund request; it is reviewed, and credited through the ledger if approved. */
export function RefundForm({ onDone }: { readonly onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const submission = useSubmissionKey();
  const form = useForm({
    fields: refundForm.fields,
    initial: { nationality: '', name: '', idNumber: '', lostAmount: '', refundNumber: '', payPassword: '' },
    // An empty loss gets its own prompt; a malformed one the spec's "Incorrect Amount".
    validate: (v) => contractFieldErrors(i18n, refundForm, v, { prompts: { lostAmount: 'prompt.lostAmount' } }),
    submit: async (v) => {
      const body = refundForm.body(v);
      await client.call(refundForm.path, body, { idempotencyKey: submission.keyFor(body) });
      submission.done();
      toast('msg.submitted');
      onDone();
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const text = (f: 'nationality' | 'name' | 'idNumber' | 'refundNumber', autoComplete: string) => (
    <TextField label={t(`refund.${f}`)} name={f} autoComplete={autoComplete} value={form.values[f]} onValue={form.set(f)} error={error(form.errors[f])} />
  );
  return (
    <form className="panel form" noValidate aria-label={t('screen.bz2')} onSubmit={(e) => void form.onSubmit(e)}>
      {text('nationality', 'country-name')}
      {text('name', 'name')}
      {text('idNumber', 'off')}
      <TextField label={t('refund.lostAmount')} name="lostAmount" inputMode="decimal" autoComplete="off" value={form.values.lostAmount} onValue={form.set('lostAmount')} error={error(form.errors.lostAmount)} />
      {text('refundNumber', 'off')}
      <PayPasswordField label={t('refund.payPassword')} hint={t('paypwd.hint')} value={form.values.payPassword} onValue={form.set('payPassword')} error={error(form.errors.payPassword)} />
      <FormAlert messageKey={form.formError} />
      {form.formError === 'error.pay_password_unset' ? (
        <Link to="/txpassword" className="button button--ghost">
          {t('withdraw.set_password')}
        </Link>
      ) : null}
      <SubmitButton pending={form.pending} label={t('refund.submit')} />
    </form>
  );
}
