import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { Link, useSearchParams } from '../../router/navigation.tsx';
import type { ReviewItem } from '../../../contract/user.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { isLimitRefusal, LimitRefusal } from '../limits/LimitRefusal.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { readDepositStep } from '../../money/depositStep.ts';
import { DepositProof } from './DepositProof.tsx';
import { DepositStatus } from './DepositStatus.tsx';
import { PayeeDetails } from './PayeeDetails.tsx';

export function DepositPaymentScreen() {
  return (
    <MemberScreen>
      <DepositPayment />
    </MemberScreen>
  );
}

function DepositPayment() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const step = readDepositStep(params);
  const [submitted, setSubmitted] = useState<ReviewItem | null>(null);
  if (!step) {
    return (
      <section className="panel">
        <p>{t('deposit.start_first')}</p>
        <Link to="/recharge" className="button">
          {t('deposit.choose')}
        </Link>
      </section>
    );
  }
  if (submitted) return <DepositStatus submitted={submitted} />;
  return <Payee method={step.method} amount={step.amount} onSubmitted={setSubmitted} />;
}

function Payee({ method, amount, onSubmitted }: { method: 'bank' | 'trc20'; amount: string; onSubmitted: (item: ReviewItem) => void }) {
  const payee = useMemberCall(`recharge:${method}`, (c) => c.call('wallet/getRechargeAddress', { method }).then((r) => r.data));
  const s = payee.state;
  return (
    <>
      {s?.status === 'ok' ? <PayeeDetails payee={s.data} amount={amount} /> : null}
      {s?.status === 'error' ? <LoadFailure failure={s.failure} onRetry={payee.reload} /> : null}
      {s?.status === 'error' && isLimitRefusal(s.failure.msg) ? <LimitRefusal refusal={s.failure.msg} /> : null}
      {s?.status === 'ok' ? <DepositProof method={method} amount={amount} onSubmitted={onSubmitted} /> : null}
    </>
  );
}
