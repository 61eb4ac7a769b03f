import { useAtomValue } from '../../state/atomHooks.ts';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { tokenAtom } from '../../state/session.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { NoticeTicker } from './NoticeTicker.tsx';
import { QuickActions } from './QuickActions.tsx';
import { TopMoversSlot } from './TopMoversSlot.tsx';

export function HomeScreen() {
  const token = useAtomValue(tokenAtom);
  return (
    <div className="stack">
      <NoticeTicker />
      {token ? <BalanceCard token={token} /> : <SignInPrompt />}
      <QuickActions />
      <TopMoversSlot />
    </div>
  );
}
