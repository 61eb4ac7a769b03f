import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { SignedInDevice } from '../../../contract/sessions.ts';
import { asApiFailure, type ApiFailure } from '../../../http/failure.ts';
import { Sheet } from '../../components/Sheet.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';

interface Props {
  readonly title: string;
  readonly body: string;
  /** Ends the session(s) and answers the list as it stands after. */
  readonly run: () => Promise<SignedInDevice[]>;
  readonly onDone: (items: SignedInDevice[]) => void;
  /** It failed (the message shows here, the sheet stays open). */
  readonly onFailed: (failure: ApiFailure) => void;
  readonly onClose: () => void;
}

/** Asks before signing devices out; stays open, busy, until the server has answered, and shows a refusal. */
export function ConfirmSignOut({ title, body, run, onDone, onFailed, onClose }: Props) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onDone(await run());
    } catch (e) {
      const failure = asApiFailure(e);
      setError(failure.msg);
      setPending(false);
      onFailed(failure);
    }
  };

  return (
    <Sheet title={title} onClose={onClose} busy={pending}>
      <p>{body}</p>
      <FormAlert messageKey={error} />
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={pending}>
          {t('devices.cancel')}
        </button>
        <button type="button" className="button" onClick={() => void confirm()} disabled={pending}>
          {pending ? t('auth.submitting') : t('devices.confirm')}
        </button>
      </div>
    </Sheet>
  );
}
