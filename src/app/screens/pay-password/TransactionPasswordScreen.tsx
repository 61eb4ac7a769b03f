import { useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { changePayPasswordForm, setPayPasswordForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { AlternateSubmitButton, useAlternateSubmit } from '../../forms/AlternateSubmit.tsx';
import { signWithPasskey } from '../../hooks/passkeyCeremony.ts';
import { useHasPasskey } from '../../money/useHasPasskey.ts';

export function TransactionPasswordScreen() {
  return (
    <MemberScreen>
      <TransactionPassword />
    </MemberScreen>
  );
}

function TransactionPassword() {
  const { t } = useTranslation();
  // user/details says whether a password is set, which decides how the member proves it is them.
  const details = useMemberCall('details', (c) => c.call('user/details').then((r) => r.data.hasPayPassword));
  // A change may be confirmed with a passkey instead of the current PIN.
  const passkey = useHasPasskey();
  const s = details.state;
  if (s?.status === 'error') return <LoadFailure failure={s.failure} onRetry={details.reload} />;
  if (s?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  // Keyed by mode: after the first set, the form comes back empty in "change" mode.
  return <PayPasswordForm key={String(s.data)} changing={s.data} passkey={passkey} onDone={details.reload} />;
}

/** Both modes' fields; each mode checks and sends its own three (src/contract/forms.ts). */
const payPasswordFields = ['loginPassword', 'oldPayPassword', 'newPayPassword', 'confirmPayPassword'] as const;

interface FormProps {
  readonly changing: boolean;
  /** Offer a passkey in place of the current PIN. */
  readonly passkey: boolean;
  readonly onDone: () => void;
}

function PayPasswordForm({ changing, passkey, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const spec = changing ? changePayPasswordForm : setPayPasswordForm;
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const viaPasskey = useAlternateSubmit();
  const form = useForm({
    fields: payPasswordFields,
    initial: { loginPassword: '', oldPayPassword: '', newPayPassword: '', confirmPayPassword: '' },
    validate: (v) => contractFieldErrors(i18n, spec, v, viaPasskey.active.current ? { only: ['newPayPassword', 'confirmPayPassword'] } : {}),
    submit: async (v) => {
      if (viaPasskey.active.current) {
        // The passkey approves exactly this new PIN, once.
        const { options } = (await client.call('passkey/stepup_options', { purpose: 'pay_password', newPayPassword: v.newPayPassword })).data;
        const approval = await signWithPasskey(options);
        await client.call('user/reset_paypwd', { passkey: approval, newPayPassword: v.newPayPassword, confirmPayPassword: v.confirmPayPassword });
      } else {
        await client.call(spec.path, spec.body(v));
      }
      // A first PIN is set, not reset: say what actually happened.
      toast(changing ? 'msg.reset_ok' : 'msg.pin_set');
      onDone();
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const digits = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } as const;
  return (
    <form className="panel form" noValidate aria-label={t('screen.txpassword')} onSubmit={(e) => void form.onSubmit(e)}>
      <p className="muted">{t(changing ? 'paypwd.change_intro' : 'paypwd.set_intro')}</p>
      {changing ? (
        <TextField {...digits} label={t('paypwd.oldPayPassword')} name="oldPayPassword" value={form.values.oldPayPassword} onValue={form.set('oldPayPassword')} error={error(form.errors.oldPayPassword)} />
      ) : (
        <TextField label={t('paypwd.loginPassword')} name="loginPassword" type="password" autoComplete="current-password" value={form.values.loginPassword} onValue={form.set('loginPassword')} error={error(form.errors.loginPassword)} />
      )}
      <TextField {...digits} label={t('paypwd.newPayPassword')} name="newPayPassword" hint={t('paypwd.hint')} value={form.values.newPayPassword} onValue={form.set('newPayPassword')} error={error(form.errors.newPayPassword)} />
      <TextField {...digits} label={t('paypwd.confirmPayPassword')} name="confirmPayPassword" value={form.values.confirmPayPassword} onValue={form.set('confirmPayPassword')} error={error(form.errors.confirmPayPassword)} />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('paypwd.submit')} />
      {changing && passkey ? (
        <AlternateSubmitButton pending={form.pending} label={t('passkeys.confirm_with')} onClick={(e) => void viaPasskey.submit(form.onSubmit, e)} />
      ) : null}
    </form>
  );
}
