import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiBase } from '../config/env.ts';
import { langAtom } from '../state/language.ts';
import { tokenAtom } from '../state/session.ts';
import { marketWorker, setUnauthorizedTarget, type MarketWorker } from './marketWorker.ts';

/**
 * The market worker with the member's session: the token and language go with every request it makes,
 * and its 401 goes where the app's own client sends one (token cleared, /login). Null while signed out:
 * every market path needs a member, so nothing is polled only to be refused.
 */
export function useMarketWorker(): MarketWorker | null {
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(langAtom);
  const setToken = useSetAtom(tokenAtom);
  const navigate = useNavigate();
  const worker = token ? marketWorker() : null;

  useEffect(() => {
    if (!worker) return;
    // A worker resolves relative URLs against its own script, so it gets the absolute base.
    void worker.setSession({ apiBase: new URL(apiBase, window.location.href).href, token, lang });
  }, [worker, token, lang]);

  useEffect(() => {
    setUnauthorizedTarget(() => {
      setToken(null);
      void navigate('/login');
    });
  }, [setToken, navigate]);

  return worker;
}
