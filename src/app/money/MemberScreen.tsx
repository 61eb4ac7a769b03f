import type { ReactNode } from 'react';
import { useAtomValue } from '../state/atomHooks.ts';
import { SignInPrompt } from '../components/SignInPrompt.tsx';
import { tokenAtom } from '../state/session.ts';
import './money.css';

/** Money screens are for members; without a session they ask to sign in (the spec has no route guards). */
export function MemberScreen({ children }: { readonly children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  return <div className="stack">{token ? children : <SignInPrompt />}</div>;
}
