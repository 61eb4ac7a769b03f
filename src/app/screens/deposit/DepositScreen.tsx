import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { depositForm } from '../../../contract/forms.ts';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { useNavigate } from '../../router/navigation.tsx';
import { useForm } from '../../forms/useForm.ts';
import { ChoiceGroup } from '../../forms/ChoiceGroup.tsx';
import { AmountField } from '../../money/AmountField.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { depositStepPath, type Method } from '../../money/depositStep.ts';

export function DepositScreen() {
  return (
    <MemberScreen>
      <DepositStart />
    </MemberScreen>
  );
}

/** Step 1: how and how much; step 2 (/recharge2) says where to send it. */
function DepositStart() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const [method, setMethod] = useState<Method>('bank');
  const min = config?.minDeposit ?? null;
  const form = useForm({
    fields: ['amount'] as const,
    initial: { amount: '' },
    // Step 1 of the deposit form: how and how much, against common/config's minimum; the reference is step 2.
    validate: (v) => {
      const { amount } = contractFieldErrors(i18n, depositForm, { method, amount: v.amount, reference: '', receipt: '' }, { known: { minAmount: min }, only: ['method', 'amount'] });
      return amount ? { amount } : {};
    },
    submit: async (v) => {
      await navigate(depositStepPath(method, v.amount.trim()));
    },
  });
  return (
    <form className="panel form" noValidate onSubmit={(e) => void form.onSubmit(e)}>
      <ChoiceGroup
        legend={t('deposit.method')}
        value={method}
        onValue={setMethod}
        options={[
          { value: 'bank', label: t('review.method_bank') },
          { value: 'trc20', label: t('review.method_trc20') },
        ]}
      />
      <AmountField
        label={t('deposit.amount')}
        placeholder={t('prompt.depositAmount')}
        minimum={{ amount: min, key: 'deposit.min' }}
        value={form.values.amount}
        onValue={form.set('amount')}
        error={form.errors.amount ? t(form.errors.amount) : undefined}
      />
      <button type="submit" className="button button--block" disabled={form.pending}>
        {t('deposit.next')}
      </button>
    </form>
  );
}
