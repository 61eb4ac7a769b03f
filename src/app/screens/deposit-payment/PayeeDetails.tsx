import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatMoney } from '../../format/index.ts';
import { CopyButton } from '../../money/CopyButton.tsx';
import { AddressQr } from './AddressQr.tsx';

type Payee = Res<'wallet/getRechargeAddress'>;

function Detail({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span>{value}</span>
        <CopyButton text={value} what={label} />
      </dd>
    </div>
  );
}

/** Where to send the deposit: the platform's bank account, or its TRC20 address with a QR code. */
export function PayeeDetails({ payee, amount }: { readonly payee: Payee; readonly amount: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const bank = payee.bank;
  return (
    <section className="card" aria-label={t('deposit.send_to')}>
      <h2>{t('deposit.send_amount', { amount: formatMoney(amount, lang), currency: payee.currency })}</h2>
      <dl className="detail-list">
        <Detail label={t('deposit.amount')} value={amount} />
        {bank ? (
          <>
            <Detail label={t('bank.bankName')} value={bank.bankName} />
            <Detail label={t('deposit.account_name')} value={bank.accountName} />
            <Detail label={t('bank.cardNumber')} value={bank.cardNumber} />
            {bank.branch ? <Detail label={t('bank.branch')} value={bank.branch} /> : null}
          </>
        ) : null}
        {payee.address ? (
          <>
            <div>
              <dt>{t('deposit.network')}</dt>
              <dd>{payee.network}</dd>
            </div>
            <Detail label={t('deposit.address')} value={payee.address} />
          </>
        ) : null}
      </dl>
      {payee.address ? <AddressQr address={payee.address} /> : null}
    </section>
  );
}
