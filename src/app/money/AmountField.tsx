import { useTranslation } from '../i18n/translation.tsx';
import { TextField, type TextFieldProps } from '../forms/TextField.tsx';
import { formatMoney } from '../format/index.ts';
import { useAppConfig } from '../hooks/useAppConfig.ts';
import { useLang } from '../hooks/useLang.ts';

interface Props extends Omit<TextFieldProps, 'name' | 'inputMode' | 'autoComplete' | 'hint'> {
  /** The smallest amount allowed (common/config's), and the locale key that writes it with the currency. */
  readonly minimum: { readonly amount: string | null; readonly key: 'deposit.min' | 'withdraw.min' };
}

/** An amount a member types: the decimal pad, no autofill, and the minimum under it once the config is known. */
export function AmountField({ minimum, ...field }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  const hint = minimum.amount && config ? t(minimum.key, { amount: formatMoney(minimum.amount, lang), currency: config.currency }) : undefined;
  return <TextField {...field} name="amount" inputMode="decimal" autoComplete="off" hint={hint} />;
}
