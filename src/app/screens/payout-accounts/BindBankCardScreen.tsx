import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { Res } from '../../../contract/api.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { showToastAtom } from '../../state/toast.ts';
import { BoundWallets } from '../../money/BoundWallets.tsx';
import { AddressForm } from './AddressForm.tsx';
import { BankCardForm } from './BankCardForm.tsx';

type Wallets = Res<'user/getUserWallets'>;

export function BindBankCardScreen() {
  return (
    <MemberScreen>
      <BindBankCard />
    </MemberScreen>
  );
}

function BindBankCard() {
  const toast = useSetAtom(showToastAtom);
  const banks = useMemberCall('banks', (c) => c.call('common/banks').then((r) => r.data.items));
  const wallets = useMemberCall('wallets', (c) => c.call('user/getUserWallets').then((r) => r.data));
  // The answer of the last save, newer than what was loaded; a new key empties the form that saved.
  const [saved, setSaved] = useState<{ wallets: Wallets; cards: number; addresses: number }>();
  const onSaved = (kind: 'cards' | 'addresses') => (w: Wallets) => {
    setSaved((s) => ({ cards: s?.cards ?? 0, addresses: s?.addresses ?? 0, [kind]: (s?.[kind] ?? 0) + 1, wallets: w }));
    toast('msg.added_ok');
  };
  const shown = saved?.wallets ?? (wallets.state?.status === 'ok' ? wallets.state.data : null);
  return (
    <>
      {/* Shown while loading too, so the forms do not move under the member's thumb when the answers arrive. */}
      {wallets.state?.status === 'error' && !shown ? <LoadFailure failure={wallets.state.failure} onRetry={wallets.reload} /> : <BoundWallets wallets={shown} link={false} />}
      {banks.state?.status === 'error' ? (
        <LoadFailure failure={banks.state.failure} onRetry={banks.reload} />
      ) : (
        <BankCardForm key={saved?.cards ?? 0} banks={banks.state?.status === 'ok' ? banks.state.data : null} onSaved={onSaved('cards')} />
      )}
      <AddressForm key={`a${saved?.addresses ?? 0}`} onSaved={onSaved('addresses')} />
    </>
  );
}
