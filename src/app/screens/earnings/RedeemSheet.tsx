import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import { redeemForm } from '../../../contract/forms.ts';
import { useApi } from '../../api/apiContext.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { asApiFailure } from '../../../http/failure.ts';
import { useSubmissionKey } from '../../api/submissionKey.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { PayPasswordField } from '../../forms/PayPasswordField.tsx';
import { showToastAtom } from '../../state/toast.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';
import type { Holding } from './types.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

interface Props {
  readonly holding: Holding;
  /** null while unknown: the form is shown and the server answers pay_password_unset if need be. */
  readonly hasPayPassword: boolean | null;
  readonly onClose: () => void;
  readonly onRedeemed: () => void;
}

/** Early redemption (decisions.md): the principal returns, paid profit stays, the remaining days are forfeited. */
export function RedeemSheet({ holding, hasPayPassword, onClose, onRedeemed }: Props) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const submission = useSubmissionKey();
  const f = useEarnFormat();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const values = { holdingId: String(holding.id), payPassword: password };
    const invalid = contractFieldErrors(i18n, redeemForm, values).payPassword ?? null;
    setFieldError(invalid);
    setFormError(null);
    if (invalid) return;
    const body = redeemForm.body(values);
    setPending(true);
    try {
      await client.call(redeemForm.path, body, { idempotencyKey: submission.keyFor(body) });
      submission.done();
      toast('msg.submitted');
      onRedeemed();
    } catch (e) {
      const failure = asApiFailure(e);
      setFieldError(failure.data?.fields?.['payPassword'] ?? null);
      setFormError(failure.msg);
      setPending(false);
    }
  };

  return (
    <Sheet title={t('record.redeem_title', { name: holding.name })} onClose={onClose} busy={pending}>
      <p>
        {t('record.redeem_explain', {
          principal: f.money(holding.principal, holding.currency),
          earned: f.money(holding.earned, holding.currency),
        })}
      </p>
      {hasPayPassword === false ? (
        <>
          <p role="alert">{t('error.pay_password_unset')}</p>
          <Link to="/txpassword" className="button button--block">
            {t('record.set_pay_password')}
          </Link>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <PayPasswordField
            label={t('record.pay_password')}
            value={password}
            onValue={(v) => {
              setPassword(v);
              setFieldError(null);
            }}
            error={fieldError ? t(fieldError) : undefined}
          />
          <FormAlert messageKey={fieldError ? null : formError} />
          <SubmitButton pending={pending} label={t('record.confirm_redeem')} />
        </form>
      )}
    </Sheet>
  );
}
