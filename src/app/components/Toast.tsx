import { useAtom } from '../state/atomHooks.ts';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { toastAtom } from '../state/toast.ts';

const TOAST_MS = 2500;

/** Success messages (spec 8); it outlives the navigation that usually follows them. */
export function Toast() {
  const { t } = useTranslation();
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <p key={toast.id} className="toast">
          {t(toast.key)}
        </p>
      ) : null}
    </div>
  );
}
