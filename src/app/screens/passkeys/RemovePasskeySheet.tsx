import { useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n/translation.tsx';
import type { PasskeyItem } from '../../../contract/passkeys.ts';
import { removePasskeyForm } from '../../../contract/forms.ts';
import { useApi } from '../../api/apiContext.ts';
import { Sheet } from '../../components/Sheet.tsx';
import { contractFieldErrors } from '../../forms/fieldErrors.ts';
import { AlternateSubmitButton, useAlternateSubmit } from '../../forms/AlternateSubmit.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { signWithPasskey } from '../../hooks/passkeyCeremony.ts';
import { showToastAtom } from '../../state/toast.ts';

interface Props {
  readonly item: PasskeyItem;
  /** How many other passkeys could confirm it here (0: only the login password can). */
  readonly others: number;
  readonly onClose: () => void;
  readonly onRemoved: () => void;
}

/** Removing a passkey asks again who it is: the login password, or another of the member's passkeys. */
export function RemovePasskeySheet({ item, others, onClose, onRemoved }: Props) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const viaPasskey = useAlternateSubmit();
  const form = useForm({
    fields: removePasskeyForm.fields,
    initial: { id: String(item.id), loginPassword: '' },
    validate: (v) => (viaPasskey.active.current ? {} : contractFieldErrors(i18n, removePasskeyForm, v)),
    submit: async (v) => {
      if (viaPasskey.active.current) {
        const { options } = (await client.call('passkey/stepup_options', { purpose: 'passkey_remove', id: item.id })).data;
        await client.call('passkey/remove', { id: item.id, passkey: await signWithPasskey(options) });
      } else {
        await client.call(removePasskeyForm.path, removePasskeyForm.body(v));
      }
      toast('passkeys.removed');
      onRemoved();
    },
  });
  return (
    <Sheet title={t('passkeys.remove_title', { name: item.name })} onClose={onClose} busy={form.pending}>
      <form className="form" noValidate onSubmit={(e) => void form.onSubmit(e)}>
        <p className="muted">{t('passkeys.remove_intro')}</p>
        <TextField
          label={t('paypwd.loginPassword')}
          name="loginPassword"
          type="password"
          autoComplete="current-password"
          value={form.values.loginPassword}
          onValue={form.set('loginPassword')}
          error={form.errors.loginPassword ? t(form.errors.loginPassword) : undefined}
        />
        <FormAlert messageKey={form.formError} />
        <SubmitButton pending={form.pending} label={t('passkeys.remove')} />
        {others > 0 ? (
          <AlternateSubmitButton pending={form.pending} label={t('passkeys.confirm_other')} onClick={(e) => void viaPasskey.submit(form.onSubmit, e)} />
        ) : null}
      </form>
    </Sheet>
  );
}
