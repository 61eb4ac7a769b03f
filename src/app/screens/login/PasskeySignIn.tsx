import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { PasskeyAssertion } from '../../../contract/webauthn.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { autofillSupported, cancelPasskeyCeremony, passkeysSupported, signWithPasskey } from '../../hooks/passkeyCeremony.ts';
import { useSignIn } from '../../hooks/useSignIn.ts';

/**
 * Signing in with a passkey, beside the password form: the button opens the browser's passkey prompt, and where
 * the browser offers it, its autofill lists the member's passkeys in the username field's suggestions
 * (conditional mediation, `autocomplete="username webauthn"`). Hidden where the browser has no passkeys at all.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const client = useApi();
  const signIn = useSignIn();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signInRef = useRef(signIn);
  useEffect(() => {
    signInRef.current = signIn;
  });

  const options = async () => (await client.call('passkey/login_options')).data.options;
  const signInWith = async (response: PasskeyAssertion) => {
    const res = await client.call('passkey/login', { response });
    await signInRef.current(res.data.accessToken, 'msg.login_ok');
  };

  useEffect(() => {
    let live = true;
    let started = false;
    void (async () => {
      // The autofill is offered quietly: until the member picks a passkey in it, nothing it meets is said.
      let response: PasskeyAssertion;
      try {
        if (!(await autofillSupported()) || !live) return;
        const asked = await options();
        if (!live) return;
        started = true;
        response = await signWithPasskey(asked, true);
      } catch {
        return;
      }
      try {
        await signInWith(response);
      } catch (e) {
        if (live) setError(asApiFailure(e).msg);
      }
    })();
    return () => {
      live = false;
      if (started) void cancelPasskeyCeremony();
    };
    // Once per visit of the screen (the client is the app's one).
  }, []);

  if (!passkeysSupported()) return null;
  const onClick = async () => {
    setPending(true);
    setError(null);
    try {
      await signInWith(await signWithPasskey(await options()));
    } catch (e) {
      setError(asApiFailure(e).msg);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="form">
      <p className="muted form__or">{t('passkeys.or')}</p>
      <button type="button" className="button button--ghost button--block" disabled={pending} onClick={() => void onClick()}>
        {pending ? t('auth.submitting') : t('passkeys.sign_in')}
      </button>
      <p className="form-alert" role="alert">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
