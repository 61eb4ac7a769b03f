import { useSetAtom } from 'jotai';
import { useAtomValue } from '../state/atomHooks.ts';
import { useEffect } from 'react';
import { useNavigate } from '../router/navigation.tsx';
import { langAtom } from '../state/language.ts';
import { tokenAtom } from '../state/session.ts';
import { authPath, IDLE } from '../router/returnTo.ts';
import { marketWorker, sendSession, setUnauthorizedTarget, workerApiBase, type MarketWorker } from './marketWorker.ts';

/**
 * The market worker with the member's session: the token and language go with every request it makes,
 * and its 401 goes where the app's own client sends one (token cleared, /login). A visitor gets it too: the
 * market reads are public; the member-only subscriptions (my orders) are not opened without a token.
 */
export function useMarketWorker(): MarketWorker {
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(langAtom);
  const setToken = useSetAtom(tokenAtom);
  const navigate = useNavigate();
  const worker = marketWorker();

  useEffect(() => {
    sendSession(worker, { apiBase: workerApiBase(), token, lang });
  }, [worker, token, lang]);

  useEffect(() => {
    setUnauthorizedTarget((reason) => {
      setToken(null);
      // A session that went unused too long says so on the login screen, as the page's own client has it.
      void navigate(reason === 'error.session_idle' ? authPath('/login', '/', IDLE) : '/login');
    });
  }, [setToken, navigate]);

  return worker;
}
