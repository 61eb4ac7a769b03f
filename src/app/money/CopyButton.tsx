import { useSetAtom } from 'jotai';
import { useTranslation } from '../i18n/translation.tsx';
import { showToastAtom } from '../state/toast.ts';
import { copyText } from './copyText.ts';

/** Copies `text`; says "Copy Successfully" (spec 8) or that copying failed. `what` names it for screen readers. */
export function CopyButton({ text, what }: { readonly text: string; readonly what: string }) {
  const { t } = useTranslation();
  const toast = useSetAtom(showToastAtom);
  const copy = async () => toast((await copyText(text)) ? 'msg.copy_ok' : 'money.copy_failed');
  return (
    <button type="button" className="button button--ghost button--small" aria-label={t('money.copy_what', { what })} onClick={() => void copy()}>
      {t('money.copy')}
    </button>
  );
}
