import { useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from '../router/navigation.tsx';
import { NEXT_PARAM, safeNext } from '../router/returnTo.ts';
import { showToastAtom } from '../state/toast.ts';
import { tokenAtom } from '../state/session.ts';

/** After login or registration: keep the token, say so, and go back to where the member was (home by default, spec 8). */
export function useSignIn(): (accessToken: string, messageKey: string) => Promise<void> {
  const setToken = useSetAtom(tokenAtom);
  const toast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (accessToken, messageKey) => {
    setToken(accessToken);
    toast(messageKey);
    // replace: Back from the returned-to screen should not land on the login form again.
    await navigate(safeNext(params.get(NEXT_PARAM)), { replace: true });
  };
}
