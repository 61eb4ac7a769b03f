import { useEffect, useState, type ComponentProps } from 'react';
import { networkFailure } from '../../../http/failure.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useTranslation } from '../../i18n/translation.tsx';
import { countdownBoard } from '../../market/countdown.ts';
import type { TradeTicket } from '../trade/TradeTicket.tsx';

type Ticket = typeof TradeTicket;

// The order ticket loads apart from the chart's screen: its form's schema needs zod, whose evaluation (with the
// contract's schemas) was one of the longest tasks of /xq's first screen on a slow phone. It loads at once when the
// member reaches for Rise or Fall (or the sheet is open in the URL, after a login), else a few quiet seconds after
// the page has settled: just after settling it still landed among the first screen's tasks (the chart's first
// draws, the first live updates). One import, shared by every caller.
const importTicket = () => import('../trade/TradeTicket.tsx');
/** The room just after the countdowns' next step: a module's evaluation there delays no step. */
const afterStep = () => new Promise<void>((resolve) => countdownBoard().whenQuiet(resolve));
// In the quiet time: zod, then the order's schema, then the ticket, each asked for just after a step and evaluated in
// a task of its own (one long task on a slow phone became three short ones). Their files come one after another;
// nobody is waiting for them then, while a member reaching for the sheet gets all of them at once (importTicket).
const importTicketInSteps = async () => {
  await afterStep();
  await import('../../forms/zodRuntime.ts');
  await afterStep();
  await import('../../../contract/order-form.ts');
  await afterStep();
  return importTicket();
};
let ticketModule: Promise<Ticket> | null = null;
/**
 * Loads of the ticket's code that failed in this page. A browser that keeps a failed module load (the HTML
 * standard's rule until lately, and still some browsers': Chromium 150 did, 156 asks again) fails every later import
 * at once, whatever the network does: only a reload asks again there, so the sheet offers one after a second failure.
 */
let failedLoads = 0;
/** The ticket's code once it has loaded: the sheet then shows it at once, with no "loading" in between. */
let loadedTicket: Ticket | null = null;

/** The ticket's code, loaded once for every caller; a load that failed (the network gone) is asked again next time. */
export const loadTicket = (inSteps = false): Promise<Ticket> =>
  (ticketModule ??= (inSteps ? importTicketInSteps() : importTicket()).then(
    (module) => (loadedTicket = module.TradeTicket),
    (error: unknown) => {
      ticketModule = null;
      failedLoads += 1;
      throw error;
    },
  ));

/**
 * The order ticket in the sheet, once its code has loaded. A load that failed says so in the sheet with a retry, and
 * each opening of the sheet asks again: the chart screen around it stays as it is. After a second failure it also
 * offers a reload, which every browser answers with a fresh load.
 */
export function LoadedTicket(props: ComponentProps<Ticket>) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ readonly Ticket: Ticket } | 'loading' | 'failed'>(() => (loadedTicket ? { Ticket: loadedTicket } : 'loading'));
  const waiting = state === 'loading';
  useEffect(() => {
    if (!waiting) return;
    let open = true;
    loadTicket().then(
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
  }, [waiting]);
  if (state === 'failed') {
    return (
      <>
        <LoadFailure failure={networkFailure} onRetry={() => setState('loading')} />
        {failedLoads > 1 ? (
          <div className="load-failure">
            <p>{t('app.reload_hint')}</p>
            <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
              {t('app.reload')}
            </button>
          </div>
        ) : null}
      </>
    );
  }
  if (state === 'loading') return <p className="muted">{t('app.loading')}</p>;
  return <state.Ticket {...props} />;
}
