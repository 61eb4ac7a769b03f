import { useTranslation } from '../../i18n/translation.tsx';
import { Link, useSearchParams } from '../../router/navigation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { registerForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { useSignIn } from '../../hooks/useSignIn.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

export function RegisterScreen() {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  // Invite links carry the code as ?code= (ours) or ?invite=.
  const invited = params.get('code') ?? params.get('invite') ?? '';
  const form = useForm({
    fields: registerForm.fields,
    initial: { username: '', phone: '', password: '', confirmPassword: '', inviteCode: invited },
    validate: (v) => contractFieldErrors(i18n, registerForm, v),
    submit: async (v) => {
      const res = await client.call(registerForm.path, registerForm.body(v));
      await signIn(res.data.accessToken, 'msg.signup_ok');
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form className="panel form" noValidate onSubmit={(e) => void form.onSubmit(e)}>
      <TextField label={t('label.username')} name="username" autoComplete="username" autoCapitalize="none" hint={t('hint.username')} value={form.values.username} onValue={form.set('username')} error={error(form.errors.username)} />
      <TextField label={t('label.phone')} name="phone" type="tel" inputMode="numeric" autoComplete="tel" hint={t('hint.phone')} value={form.values.phone} onValue={form.set('phone')} error={error(form.errors.phone)} />
      <TextField label={t('label.password')} name="password" type="password" autoComplete="new-password" hint={t('hint.password')} value={form.values.password} onValue={form.set('password')} error={error(form.errors.password)} />
      <TextField label={t('label.confirmPassword')} name="confirmPassword" type="password" autoComplete="new-password" value={form.values.confirmPassword} onValue={form.set('confirmPassword')} error={error(form.errors.confirmPassword)} />
      <TextField label={t('label.inviteCode')} name="inviteCode" autoCapitalize="none" value={form.values.inviteCode} onValue={form.set('inviteCode')} error={error(form.errors.inviteCode)} />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('auth.register')} />
      <p className="form__links">
        <span>{t('auth.have_account')}</span> <Link to="/login">{t('auth.login')}</Link>
      </p>
    </form>
  );
}
