import { useTranslation } from '../i18n/translation.tsx';

/** The form-level message (a translated error key), announced when it appears. */
export function FormAlert({ messageKey }: { readonly messageKey: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="form-alert" role="alert">
      {messageKey ? t(messageKey) : null}
    </p>
  );
}
