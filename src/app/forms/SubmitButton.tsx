import { useTranslation } from '../i18n/translation.tsx';

/** A form's submit button, disabled and saying so while its request is on its way. `label` is already translated. */
export function SubmitButton({ pending, label }: { readonly pending: boolean; readonly label: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button--block" disabled={pending}>
      {pending ? t('auth.submitting') : label}
    </button>
  );
}
