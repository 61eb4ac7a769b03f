import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction, Order, ProductDetails } from '../../../contract/market.ts';
import { isApiFailure } from '../../api/failure.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { useApi } from '../../app/apiContext.ts';
import { FormAlert } from '../../components/FormAlert.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatMoney } from '../../i18n/format.ts';
import { MarketClosedLabel } from '../../market/MarketClosedLabel.tsx';
import { useMarketWorker } from '../../market/useMarketWorker.ts';
import { ratePercent } from '../../market/marketFormat.ts';
import { showToastAtom } from '../../state/toast.ts';
import { quoteTrade, validateTradeAmount } from './tradeQuote.ts';

interface Props {
  readonly product: ProductDetails;
  readonly initialDirection: Direction;
  readonly onPlaced: (order: Order) => void;
}

const DIRECTIONS: readonly Direction[] = ['rise', 'fall'];

export function TradeForm({ product, initialDirection, onPlaced }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useApi();
  const worker = useMarketWorker();
  const toast = useSetAtom(showToastAtom);
  const submissionKey = useSubmissionKey();
  const cycleGroup = useId();
  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [cycle, setCycle] = useState<number | null>(product.cycles[0]?.seconds ?? null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const chosen = product.cycles.find((c) => c.seconds === cycle) ?? null;
  const quote = chosen ? quoteTrade(amount, product, chosen.payoutRate) : null;

  const review = (): void => {
    const error = validateTradeAmount(amount, product);
    setAmountError(error);
    setAlert(chosen ? null : 'error.cycle_invalid');
    if (!error && chosen) setReviewing(true);
  };

  const confirm = async (): Promise<void> => {
    if (!chosen || !quote || sending) return;
    const body = { productId: product.id, direction, amount: amount.trim(), cycle: chosen.seconds };
    // The same key while the member retries this same order, so a lost answer never places it twice.
    const idempotencyKey = submissionKey.keyFor(body);
    setSending(true);
    setAlert(null);
    try {
      const answer = await client.call('order/create', body, { idempotencyKey });
      submissionKey.done();
      toast('msg.ordered');
      // The answer enters the worker's order store at once: every screen showing my orders has it now.
      void worker?.orderCreated(answer.data);
      onPlaced(answer.data);
    } catch (e) {
      const failure = isApiFailure(e) ? e : null;
      const amountField = failure?.data?.fields?.['amount'];
      if (amountField) {
        setAmountError(amountField === 'field.required' ? 'error.amount_required' : amountField);
        setReviewing(false);
      }
      setAlert(failure?.msg ?? 'error.network');
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="form trade-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (reviewing) void confirm();
        else review();
      }}
    >
      <h2 className="trade-form__title">{product.symbol}</h2>
      <div className="segmented" role="radiogroup" aria-label={t('market.direction')}>
        {DIRECTIONS.map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={d === direction}
            disabled={reviewing}
            className={`segmented__item segmented__item--${d}`}
            onClick={() => setDirection(d)}
          >
            {t(`market.${d}`)}
          </button>
        ))}
      </div>
      <fieldset className="choice-list" disabled={reviewing}>
        <legend>{t('market.cycle')}</legend>
        {product.cycles.map((c) => (
          <label key={c.seconds} className="choice">
            <input type="radio" name={cycleGroup} checked={c.seconds === cycle} onChange={() => setCycle(c.seconds)} />
            <span>{t('market.cycle_option', { seconds: c.seconds, rate: ratePercent(c.payoutRate, lang) })}</span>
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
        readOnly={reviewing}
        placeholder={t('prompt.amount')}
        hint={t('market.limits', { min: formatMoney(product.minAmount, lang), max: formatMoney(product.maxAmount, lang) })}
        error={amountError ? t(amountError) : undefined}
      />
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
      {reviewing ? (
        <div className="button-row">
          <button type="button" className="button button--ghost" disabled={sending} onClick={() => setReviewing(false)}>
            {t('market.edit')}
          </button>
          <button type="submit" className={`button trade-confirm--${direction}`} disabled={sending}>
            {sending ? t('market.placing') : t('market.confirm')}
          </button>
        </div>
      ) : (
        <>
          {/* A closed market cannot be traded: the reason stands next to the disabled button. */}
          <MarketClosedLabel product={product} />
          <button type="submit" className="button button--block" disabled={!product.open}>
            {t('market.review')}
          </button>
        </>
      )}
    </form>
  );
}
