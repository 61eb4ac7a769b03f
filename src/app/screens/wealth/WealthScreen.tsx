import { useAtomValue } from '../../state/atomHooks.ts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useLang } from '../../hooks/useLang.ts';
import { useBalances } from '../../balances/useBalances.ts';
import { tokenAtom } from '../../state/session.ts';
import { BuySheet } from './BuySheet.tsx';
import { ProductCard } from './ProductCard.tsx';
import type { EarnProduct } from './types.ts';
import './wealth.css';

/** /lc (tab): wealth products and lock-up pledges on sale; each opens a buy sheet. */
export function WealthScreen() {
  const token = useAtomValue(tokenAtom);
  // Every wealth path needs a session; signed out, asking would only answer 401.
  return token ? <WealthProducts token={token} /> : <SignInPrompt />;
}

function WealthProducts({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const client = useApi();
  const lang = useLang();
  const list = useCall(`earn-list:${lang}:${token}`, () => client.call('wealth/getList', {}).then((r) => r.data.items));
  const balances = useBalances().state;
  const [buying, setBuying] = useState<EarnProduct | null>(null);
  const items = list.state?.status === 'ok' ? list.state.data : [];
  const available = balances?.status === 'ok' ? balances.data.available : null;

  const section = (family: EarnProduct['family'], titleKey: string) => {
    const products = items.filter((p) => p.family === family);
    return (
      <section className="stack" aria-labelledby={`earn-${family}`} aria-busy={list.state?.status === 'loading'}>
        <h2 id={`earn-${family}`}>{t(titleKey)}</h2>
        {/* In each section, so its heading stays where it is when the products arrive. */}
        {list.state?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
        {list.state?.status === 'ok' && products.length === 0 ? <p className="muted">{t('earn.none')}</p> : null}
        {products.map((p) => (
          <ProductCard key={p.id} product={p} onBuy={setBuying} />
        ))}
      </section>
    );
  };

  return (
    <div className="stack">
      <Link to="/record" className="button button--ghost button--block">
        {t('earn.my_records')}
      </Link>
      {list.state?.status === 'error' ? <LoadFailure failure={list.state.failure} onRetry={list.reload} /> : null}
      {section('wealth', 'earn.wealth_title')}
      {section('pledge', 'earn.pledge_title')}
      {buying ? (
        <BuySheet
          product={buying}
          available={available}
          onClose={() => setBuying(null)}
          // The balances follow by themselves: every money path's answer refreshes the one store.
          onBought={() => setBuying(null)}
        />
      ) : null}
    </div>
  );
}
