import { useSetAtom } from 'jotai';
import { useTranslation } from '../../i18n/translation.tsx';
import { passkeyNameRefusal } from '../../../contract/forms.ts';
import { useApi } from '../../api/apiContext.ts';
import { messageKeyFor } from '../../forms/fieldErrors.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { createPasskey } from '../../hooks/passkeyCeremony.ts';
import { showToastAtom } from '../../state/toast.ts';

/** Names a new passkey, then the browser makes it (its own prompt) and the server adds it. */
export function AddPasskeyForm({ onAdded }: { readonly onAdded: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const form = useForm({
    fields: ['name'] as const,
    initial: { name: '' },
    validate: (v) => {
      const reason = passkeyNameRefusal(v.name);
      return reason ? { name: reason === 'field.required' ? 'passkeys.name_prompt' : messageKeyFor(i18n, 'name', reason) } : {};
    },
    submit: async (v) => {
      const { options } = (await client.call('passkey/register_options')).data;
      const response = await createPasskey(options);
      await client.call('passkey/register', { name: v.name.trim(), response });
      toast('passkeys.added');
      onAdded();
    },
  });
  return (
    <form className="panel form" noValidate aria-labelledby="passkeys-add" onSubmit={(e) => void form.onSubmit(e)}>
      <h2 id="passkeys-add">{t('passkeys.add_title')}</h2>
      <TextField
        label={t('passkeys.name')}
        name="name"
        autoComplete="off"
        hint={t('passkeys.name_hint')}
        value={form.values.name}
        onValue={form.set('name')}
        error={form.errors.name ? t(form.errors.name) : undefined}
      />
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('passkeys.add')} />
    </form>
  );
}
