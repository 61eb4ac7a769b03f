import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { showToastAtom } from '../../state/toast.ts';
import { Estimate } from './Estimate.tsx';
import { ProductDescription } from './ProductDescription.tsx';
import { Terms } from './Terms.tsx';
import type { EarnProduct } from './types.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';
import { buyRefusal, formOf } from './buyRefusal.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

interface Props {
  readonly product: EarnProduct;
  /** The available balance, or null while it is not known (the server still checks it). */
  readonly available: string | null;
  readonly onClose: () => void;
  readonly onBought: () => void;
}

export function BuySheet({ product, available, onClose, onBought }: Props) {
  const { t } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const submission = useSubmissionKey();
  const f = useEarnFormat();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string | null; form: string } | null>(null);
  const [pending, setPending] = useState(false);

  const clientError = buyRefusal(amount, product, available);
  // Limits are explained while typing; the empty-field prompt waits for a submit.
  const shownError = clientError === 'prompt.amount' && !submitted ? null : (clientError ?? serverError?.field ?? null);
  const params = {
    minimum: f.money(product.minAmount, product.currency),
    maximum: f.money(product.maxAmount, product.currency),
    available: available === null ? '' : f.money(available, product.currency),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setServerError(null);
    if (clientError) return;
    const spec = formOf(product);
    const body = spec.body({ productId: String(product.id), amount });
    // The same key while the member retries the same order, so a lost answer can never buy twice.
    const options = { idempotencyKey: submission.keyFor(body) };
    setPending(true);
    try {
      await client.call(spec.path, body, options);
      submission.done();
      toast('msg.submitted');
      onBought();
    } catch (e) {
      const failure = asApiFailure(e);
      setServerError({ field: failure.data?.fields?.['amount'] ?? null, form: failure.msg });
      setPending(false);
    }
  };

  const action = product.family === 'pledge' ? 'earn.confirm_pledge' : 'earn.confirm_buy';
  return (
    <Sheet title={product.name} onClose={onClose} busy={pending}>
      <Terms product={product} withMaximum />
      <ProductDescription productId={product.id} />
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="muted">{available === null ? t('app.loading') : t('earn.available', { amount: params.available })}</p>
        <TextField
          label={t('earn.amount', { currency: product.currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValue={(v) => {
            setAmount(v);
            setServerError(null);
          }}
          hint={t('earn.amount_hint', params)}
          error={shownError ? t(shownError, params) : undefined}
        />
        <Estimate product={product} amount={amount} />
        {/* A refusal about the amount shows under the field; anything else here. */}
        <FormAlert messageKey={serverError && !serverError.field ? serverError.form : null} />
        <SubmitButton pending={pending} label={t(action)} />
      </form>
    </Sheet>
  );
}
