import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { showToastAtom } from '../../state/toast.ts';
import { copyText } from '../../money/copyText.ts';

/** The invitation code and the registration link with it filled in, each with a copy button. */
export function InviteLink({ code, link }: { readonly code: string; readonly link: string }) {
  const { t } = useTranslation();
  const toast = useSetAtom(showToastAtom);
  const linkId = useId();
  const [failed, setFailed] = useState(false);
  const copy = async (text: string) => {
    const ok = await copyText(text);
    setFailed(!ok);
    if (ok) toast('msg.copy_ok');
  };
  return (
    <section className="card invite-link" aria-labelledby="invite-code-title">
      <h2 id="invite-code-title">{t('invite.code')}</h2>
      <div className="invite-link__row">
        <p className="invite-link__code">{code}</p>
        <button type="button" className="button button--ghost" aria-label={t('invite.copy_code')} onClick={() => void copy(code)}>
          {t('invite.copy')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={linkId}>{t('invite.link')}</label>
        <input id={linkId} className="control" readOnly value={link} onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="button button--block" onClick={() => void copy(link)}>
        {t('invite.copy_link')}
      </button>
      {failed ? (
        <p className="field__error" role="alert">
          {t('invite.copy_failed')}
        </p>
      ) : null}
    </section>
  );
}
