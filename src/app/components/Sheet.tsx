import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import './sheet.css';

interface Props {
  readonly title: string;
  readonly onClose: () => void;
  /** While a submission is in flight the sheet stays open, so its answer has somewhere to show. */
  readonly busy?: boolean;
  readonly children: ReactNode;
}

/**
 * A bottom sheet on the native modal <dialog>: the browser traps focus, makes the page behind it inert and
 * closes it on Escape, so none of that is re-implemented here.
 */
export function Sheet({ title, onClose, busy = false, children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="sheet__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--ghost sheet__close" onClick={onClose} disabled={busy}>
          {t('app.close')}
        </button>
      </div>
      {children}
    </dialog>
  );
}
