import { useTranslation } from '../../i18n/translation.tsx';
import { Link, useSearchParams } from '../../router/navigation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { loginForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { useSignIn } from '../../hooks/useSignIn.ts';
import { authPath, EXPIRED_PARAM, IDLE, NEXT_PARAM, safeNext } from '../../router/returnTo.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';

export function LoginScreen() {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const expired = params.get(EXPIRED_PARAM);
  const next = safeNext(params.get(NEXT_PARAM));
  const form = useForm({
    fields: loginForm.fields,
    initial: { username: '', password: '' },
    validate: (v) => contractFieldErrors(i18n, loginForm, v),
    submit: async (v) => {
      const res = await client.call(loginForm.path, loginForm.body(v));
      await signIn(res.data.accessToken, 'msg.login_ok');
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form className="panel form" noValidate onSubmit={(e) => void form.onSubmit(e)}>
      {expired ? <p className="notice">{t(expired === IDLE ? 'error.session_idle' : 'auth.session_expired')}</p> : null}
      {/* "webauthn": where the browser offers it, the member's passkeys are among this field's suggestions. */}
      <TextField label={t('label.username')} name="username" autoComplete="username webauthn" autoCapitalize="none" value={form.values.username} onValue={form.set('username')} error={error(form.errors.username)} />
      <TextField label={t('label.password')} name="password" type="password" autoComplete="current-password" value={form.values.password} onValue={form.set('password')} error={error(form.errors.password)} />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('auth.login')} />
      <PasskeySignIn />
      <p className="form__links">
        <span>{t('auth.no_account')}</span> <Link to={authPath('/reg', next)}>{t('auth.register')}</Link>
      </p>
      <p className="form__links">
        {/* decisions.md: no self-service recovery without a second channel; support helps. */}
        <Link to="/kf">{t('auth.forgot')}</Link>
      </p>
    </form>
  );
}
