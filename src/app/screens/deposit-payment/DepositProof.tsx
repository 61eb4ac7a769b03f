import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { ErrorBody } from '../../../contract/api.ts';
import { formRefusals } from '../../../contract/form-spec.ts';
import { depositForm } from '../../../contract/forms.ts';
import type { ReviewItem } from '../../../contract/user.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { localFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { isLimitRefusal, LimitRefusal } from '../limits/LimitRefusal.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { compressPhoto, isAcceptedPhoto } from '../../money/compressPhoto.ts';
import { PhotoField } from '../../money/PhotoField.tsx';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

interface Props {
  readonly method: 'bank' | 'trc20';
  readonly amount: string;
  readonly onSubmitted: (item: ReviewItem) => void;
}

const badImage: ErrorBody = localFailure('error.image_invalid', { receipt: 'error.image_invalid' });

/** After paying: the transfer reference or tx hash, and optionally a receipt photo, through user/deposit. */
export function DepositProof({ method, amount, onSubmitted }: Props) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const submission = useSubmissionKey();
  const [receipt, setReceipt] = useState<File | null>(null);
  // Compressed once per chosen file, so a retry sends the same body under the same Idempotency-Key.
  const [compressed, setCompressed] = useState<{ file: File; dataUrl: string } | null>(null);
  const form = useForm({
    fields: ['reference', 'receipt'] as const,
    initial: { reference: '', receipt: '' },
    // The photo is checked once shrunk, on submit; the amount and method were checked on step 1.
    validate: (v) => contractFieldErrors(i18n, depositForm, { method, amount, reference: v.reference, receipt: '' }, { prompts: { reference: 'prompt.reference' }, only: ['reference'] }),
    submit: async (v) => {
      let dataUrl: string | undefined;
      if (receipt) {
        if (!isAcceptedPhoto(receipt)) throw badImage;
        const url = compressed?.file === receipt ? compressed.dataUrl : await compressPhoto(receipt).catch(() => Promise.reject(badImage));
        setCompressed({ file: receipt, dataUrl: url });
        dataUrl = url;
      }
      const values = { method, amount, reference: v.reference, receipt: dataUrl ?? '' };
      if (formRefusals(depositForm, values).receipt) throw badImage;
      const body = depositForm.body(values);
      const res = await client.call(depositForm.path, body, { idempotencyKey: submission.keyFor(body) });
      submission.done();
      toast('msg.submitted');
      onSubmitted(res.data);
    },
  });
  return (
    <form className="panel form" noValidate aria-label={t('deposit.proof')} onSubmit={(e) => void form.onSubmit(e)}>
      <h2>{t('deposit.proof')}</h2>
      <TextField
        label={t(method === 'bank' ? 'deposit.reference_bank' : 'deposit.reference_trc20')}
        name="reference"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={form.values.reference}
        onValue={form.set('reference')}
        error={form.errors.reference ? t(form.errors.reference) : undefined}
      />
      <PhotoField
        label={t('deposit.receipt')}
        name="receipt"
        hint={t('deposit.receipt_hint')}
        onFile={(file) => {
          setReceipt(file);
          form.set('receipt')(file?.name ?? '');
        }}
        error={form.errors.receipt ? t(form.errors.receipt) : undefined}
      />
      <FormAlert messageKey={form.formError} />
      {isLimitRefusal(form.formError) ? <LimitRefusal refusal={form.formError} /> : null}
      <SubmitButton pending={form.pending} label={t('deposit.submit')} />
    </form>
  );
}
