import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { showToastAtom } from '../state/toast.ts';
import { tokenAtom } from '../state/session.ts';

/** After login or registration: keep the token, say so, go home (spec 8). */
export function useSignIn(): (accessToken: string, messageKey: string) => Promise<void> {
  const setToken = useSetAtom(tokenAtom);
  const toast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  return async (accessToken, messageKey) => {
    setToken(accessToken);
    toast(messageKey);
    await navigate('/');
  };
}
