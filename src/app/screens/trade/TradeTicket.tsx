import { useSetAtom } from 'jotai';
import { useAtomValue } from '../../state/atomHooks.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link, useLocation } from '../../router/navigation.tsx';
import type { Direction, Order, ProductDetails } from '../../../contract/market.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatChange, formatInteger, formatMoney, formatPercent, formatPrice, trendOf } from '../../format/index.ts';
import { useLiveQuote } from '../../market/useLiveQuote.ts';
import { useBalances } from '../../balances/useBalances.ts';
import { useMarketWorker } from '../../market/useMarketWorker.ts';
import { authPath } from '../../router/returnTo.ts';
import { tokenAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toast.ts';
import { noteOrderPlacedAtom } from '../../state/realityCheck.ts';
import { isLimitRefusal, LimitRefusal } from '../limits/LimitRefusal.tsx';
import { ClosedReason } from './ClosedReason.tsx';
import { quickAmounts } from './quickAmounts.ts';
import { quoteTrade, tradeAmountError } from './tradeQuote.ts';
import { orderForm } from '../../../contract/order-form.ts';

interface Props {
  readonly product: ProductDetails;
  readonly direction: Direction;
  readonly cycle: number | null;
  readonly onDirection: (direction: Direction) => void;
  readonly onCycle: (seconds: number) => void;
  readonly onPlaced: (order: Order) => void;
  /** True while order/create is in flight (the sheet then stays open). */
  readonly onBusy?: (busy: boolean) => void;
}

const DIRECTIONS: readonly Direction[] = ['rise', 'fall'];

/**
 * The order ticket, in the /xq bottom sheet and full screen on /trade: the live price, direction, cycles with
 * their payout rates, the amount with quick chips and the balance, fee and expected payout. Confirm asks the
 * worker to place it (one order/create with this ticket's Idempotency-Key); a second tap while it is in flight
 * does nothing. A visitor sees all of it, and Confirm becomes a login that comes back to this ticket.
 */
export function TradeTicket({ product, direction, cycle, onDirection, onCycle, onPlaced, onBusy }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const token = useAtomValue(tokenAtom);
  const worker = useMarketWorker();
  const toast = useSetAtom(showToastAtom);
  const orderPlaced = useSetAtom(noteOrderPlacedAtom);
  const submissionKey = useSubmissionKey();
  const seen = useRef<{ readonly key: string; readonly price: string } | null>(null);
  const { pathname, search } = useLocation();
  // The one balance store: a settled result, this order or any other money event shows here at once.
  const balances = useBalances();
  const cycleGroup = useId();
  const closedId = useId();
  const live = useLiveQuote(product);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A ref, not the state: two taps in the same frame both see `sending` false.
  const inFlight = useRef(false);

  const chosen = product.cycles.find((c) => c.seconds === cycle) ?? null;
  const quote = chosen ? quoteTrade(amount, product, chosen.payoutRate) : null;
  const trend = trendOf(live.changePct);
  const closed = !live.open;
  const balance = balances.state?.status === 'ok' ? balances.state.data : null;

  const busy = (value: boolean): void => {
    inFlight.current = value;
    setSending(value);
    onBusy?.(value);
  };

  const confirm = async (): Promise<void> => {
    if (inFlight.current || closed) return;
    const error = tradeAmountError({ productId: product.id, direction, cycle: chosen?.seconds ?? 0, amount }, product);
    setAmountError(error);
    setAlert(chosen ? null : 'error.cycle_invalid');
    if (error || !chosen) return;
    const body = orderForm.body({ productId: String(product.id), direction, cycle: String(chosen.seconds), amount });
    // The same key while the member retries this same order, so a lost answer never places it twice.
    const idempotencyKey = submissionKey.keyFor(body);
    // The price on screen now goes with the order; a retry of the same submission says what was seen the first
    // time, so it is the same request and gets the same answer.
    if (seen.current?.key !== idempotencyKey) seen.current = { key: idempotencyKey, price: live.price };
    busy(true);
    const result = await worker.createOrder({ body: { ...body, seenPrice: seen.current.price }, idempotencyKey }).catch(() => null);
    busy(false);
    if (result?.ok) {
      submissionKey.done();
      toast('msg.ordered');
      balances.refresh();
      orderPlaced();
      onPlaced(result.order);
      return;
    }
    const amountField = result?.fields['amount'];
    if (amountField) setAmountError(amountField === 'field.required' ? 'error.amount_required' : amountField);
    setAlert(result?.key ?? 'error.network');
  };

  return (
    <form
      className="form trade-ticket"
      noValidate
      aria-busy={sending}
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <p className="trade-ticket__live">
        <span className="muted">{t('tradeSheet.live_price')}</span>
        <span className={`trade-ticket__price trend-${trend}`}>{formatPrice(live.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(live.changePct, lang)}</span>
      </p>
      <div className="segmented" role="radiogroup" aria-label={t('market.direction')}>
        {DIRECTIONS.map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={d === direction}
            disabled={sending || closed}
            aria-describedby={closed ? closedId : undefined}
            className={`segmented__item segmented__item--${d}`}
            onClick={() => onDirection(d)}
          >
            {t(`market.${d}`)}
          </button>
        ))}
      </div>
      {closed ? <ClosedReason product={live} id={closedId} /> : null}
      <fieldset className="choice-list trade-ticket__cycles" disabled={sending}>
        <legend>{t('market.cycle')}</legend>
        {product.cycles.map((c) => (
          <label key={c.seconds} className="choice">
            <input type="radio" name={cycleGroup} checked={c.seconds === cycle} onChange={() => onCycle(c.seconds)} />
            <span>{t('market.cycle_option', { seconds: formatInteger(c.seconds, lang), rate: formatPercent(c.payoutRate, lang) })}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('market.amount')}
        value={amount}
        onValue={(v) => {
          setAmount(v);
          setAmountError(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        readOnly={sending}
        placeholder={t('prompt.amount')}
        hint={t('market.limits', { min: formatMoney(product.minAmount, lang), max: formatMoney(product.maxAmount, lang) })}
        error={amountError ? t(amountError) : undefined}
      />
      <div className="chips" role="group" aria-label={t('tradeSheet.quick_amounts')}>
        {quickAmounts(product).map((chip) => (
          <button
            key={chip}
            type="button"
            className="chip"
            aria-pressed={amount.trim() === chip}
            disabled={sending}
            onClick={() => {
              setAmount(chip);
              setAmountError(null);
            }}
          >
            {formatMoney(chip, lang)}
          </button>
        ))}
      </div>
      {balance ? (
        <p className="muted trade-ticket__balance">
          {t('tradeSheet.balance', { amount: t('app.amount_currency', { amount: formatMoney(balance.available, lang), currency: balance.currency }) })}
        </p>
      ) : null}
      <dl className="quote-sheet" aria-live="polite">
        <div>
          <dt>{t('market.fee')}</dt>
          <dd>{quote ? formatMoney(quote.fee, lang) : '—'}</dd>
        </div>
        <div>
          <dt>{t('market.total_debit')}</dt>
          <dd>{quote ? formatMoney(quote.debit, lang) : '—'}</dd>
        </div>
        <div>
          <dt>{t('market.payout')}</dt>
          <dd className="trend-up">{quote ? formatMoney(quote.payout, lang) : '—'}</dd>
        </div>
      </dl>
      <FormAlert messageKey={alert} />
      {isLimitRefusal(alert) ? <LimitRefusal refusal={alert} /> : null}
      {token ? (
        <button
          type="submit"
          className={`button button--block trade-confirm--${direction}`}
          disabled={sending || closed}
          aria-describedby={closed ? closedId : undefined}
        >
          {sending ? t('market.placing') : t('market.confirm')}
        </button>
      ) : (
        <Link to={authPath('/login', `${pathname}${search}`)} className="button button--block">
          {t('tradeSheet.login_to_trade')}
        </Link>
      )}
    </form>
  );
}
