import { useEffect, useState, type ComponentProps } from 'react';
import { networkFailure } from '../../../http/failure.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useTranslation } from '../../i18n/translation.tsx';
import type { TradeTicket } from '../trade/TradeTicket.tsx';

export type Ticket = typeof TradeTicket;

interface Props extends ComponentProps<Ticket> {
  /** The ticket's code when it has already loaded: shown at once, with no "loading" in between. */
  readonly loaded: Ticket | null;
  readonly load: () => Promise<Ticket>;
}

/**
 * The order ticket in the sheet, once its code has loaded. A load that failed (the network gone) says so in the sheet
 * with a retry, and each opening of the sheet asks again: the chart screen around it stays as it is.
 */
export function LoadedTicket({ loaded, load, ...ticket }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ readonly Ticket: Ticket } | 'loading' | 'failed'>(() => (loaded ? { Ticket: loaded } : 'loading'));
  const waiting = state === 'loading';
  useEffect(() => {
    if (!waiting) return;
    let open = true;
    load().then(
      (Ticket) => {
        if (open) setState({ Ticket });
      },
      () => {
        if (open) setState('failed');
      },
    );
    return () => {
      open = false;
    };
  }, [load, waiting]);
  if (state === 'failed') {
    return <LoadFailure failure={networkFailure} onRetry={() => setState('loading')} />;
  }
  if (state === 'loading') return <p className="muted">{t('app.loading')}</p>;
  return <state.Ticket {...ticket} />;
}
