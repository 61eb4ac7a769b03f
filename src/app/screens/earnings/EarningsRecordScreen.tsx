import { useAtomValue } from '../../state/atomHooks.ts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { Balances } from '../../components/Balances.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useLang } from '../../hooks/useLang.ts';
import { useUserDetails } from '../../hooks/useUserDetails.ts';
import { useBalances } from '../../balances/useBalances.ts';
import { tokenAtom } from '../../state/session.ts';
import { HoldingCard } from './HoldingCard.tsx';
import { RedeemSheet } from './RedeemSheet.tsx';
import type { Holding } from './types.ts';
import '../wealth/wealth.css';
import './earnings.css';

/** /record: my wealth holdings and lock-up pledges with their revenue records, and the balance they pay into. */
export function EarningsRecordScreen() {
  const token = useAtomValue(tokenAtom);
  return token ? <Records token={token} /> : <SignInPrompt />;
}

function Records({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const client = useApi();
  const lang = useLang();
  const [version, setVersion] = useState(0);
  const wealth = useCall(`wealth-orders:${lang}:${token}:${version}`, () => client.call('wealth/orders').then((r) => r.data.items));
  const pledges = useCall(`pledge-orders:${lang}:${token}:${version}`, () => client.call('Defi/myOrder').then((r) => r.data.items));
  // Whether a transaction password is set; the figures come from the one balance store.
  const details = useUserDetails(token);
  const balances = useBalances();
  const b = balances.state;
  const [redeeming, setRedeeming] = useState<Holding | null>(null);

  const section = (id: string, titleKey: string, call: typeof wealth) => (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{t(titleKey)}</h2>
      {call.state?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
      {call.state?.status === 'error' ? <LoadFailure failure={call.state.failure} onRetry={call.reload} /> : null}
      {call.state?.status === 'ok' && call.state.data.length === 0 ? <p className="muted">{t('record.none')}</p> : null}
      {call.state?.status === 'ok' ? call.state.data.map((h) => <HoldingCard key={h.id} holding={h} onRedeem={setRedeeming} />) : null}
    </section>
  );

  return (
    <div className="stack">
      <section className="card" aria-label={t('record.balance')} aria-busy={b?.status === 'loading'}>
        {/* While loading, the figures are dashes in their final places, so nothing below moves when they arrive. */}
        {b?.status === 'error' ? <LoadFailure failure={b.failure} onRetry={balances.refresh} /> : <Balances details={b?.status === 'ok' ? b.data : null} labels="my" />}
      </section>
      {section('record-wealth', 'record.wealth_title', wealth)}
      {section('record-pledge', 'record.pledge_title', pledges)}
      {redeeming ? (
        <RedeemSheet
          holding={redeeming}
          hasPayPassword={details.state?.status === 'ok' ? details.state.data.hasPayPassword : null}
          onClose={() => setRedeeming(null)}
          onRedeemed={() => {
            setRedeeming(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
