import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { loginPasswordForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

export function LoginPasswordScreen() {
  // A new key after success empties the form.
  const [done, setDone] = useState(0);
  return (
    <MemberScreen>
      <LoginPasswordForm key={done} onDone={() => setDone((n) => n + 1)} />
    </MemberScreen>
  );
}

/** user/reset_pwd: the server checks the current password and signs out every other session. */
function LoginPasswordForm({ onDone }: { readonly onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const form = useForm({
    fields: loginPasswordForm.fields,
    initial: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: (v) => contractFieldErrors(i18n, loginPasswordForm, v, { prompts: { confirmPassword: 'prompt.confirmNewPassword' } }),
    submit: async (v) => {
      await client.call(loginPasswordForm.path, loginPasswordForm.body(v));
      toast('msg.reset_ok');
      onDone();
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form className="panel form" noValidate aria-label={t('screen.loginpassword')} onSubmit={(e) => void form.onSubmit(e)}>
      <TextField label={t('loginpwd.oldPassword')} name="oldPassword" type="password" autoComplete="current-password" value={form.values.oldPassword} onValue={form.set('oldPassword')} error={error(form.errors.oldPassword)} />
      <TextField label={t('loginpwd.newPassword')} name="newPassword" type="password" autoComplete="new-password" hint={t('hint.password')} value={form.values.newPassword} onValue={form.set('newPassword')} error={error(form.errors.newPassword)} />
      <TextField label={t('loginpwd.confirmPassword')} name="confirmPassword" type="password" autoComplete="new-password" value={form.values.confirmPassword} onValue={form.set('confirmPassword')} error={error(form.errors.confirmPassword)} />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('loginpwd.submit')} />
    </form>
  );
}
