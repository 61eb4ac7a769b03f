import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { FieldMessages, useFieldDescription } from '../../forms/FieldMessages.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import type { FieldErrors } from '../../forms/fieldErrors.ts';
import { useForm } from '../../forms/useForm.ts';
import { showToastAtom } from '../../state/toast.ts';
import { SubmitButton } from '../../forms/SubmitButton.tsx';

const fields = ['name', 'contact', 'message'] as const;
type Field = (typeof fields)[number];
const MESSAGE_MAX = 1000;

function validate(v: Record<Field, string>): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  for (const f of fields) if (!v[f].trim()) out[f] = `prompt.${f}`;
  if (v.message.length > MESSAGE_MAX) out.message = 'field.too_long';
  return out;
}

/** /kf for a visitor: a member who cannot log in still reaches support (support/contact). */
export function ContactForm() {
  // A sent message starts a fresh, empty form.
  const [round, setRound] = useState(0);
  return <ContactFields key={round} onSent={() => setRound((r) => r + 1)} />;
}

function ContactFields({ onSent }: { readonly onSent: () => void }) {
  const { t } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const form = useForm({
    fields,
    initial: { name: '', contact: '', message: '' },
    validate,
    submit: async (v) => {
      await client.call('support/contact', { name: v.name.trim(), contact: v.contact.trim(), message: v.message.trim() });
      toast('msg.contact_sent');
      onSent();
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const messageError = error(form.errors.message);
  const message = useFieldDescription(undefined, messageError);
  return (
    <form className="panel form" noValidate aria-labelledby="contact-title" onSubmit={(e) => void form.onSubmit(e)}>
      <h2 id="contact-title">{t('kf.contact_title')}</h2>
      <p className="muted">{t('kf.contact_intro')}</p>
      <TextField label={t('kf.contact_name')} name="name" autoComplete="name" maxLength={60} value={form.values.name} onValue={form.set('name')} error={error(form.errors.name)} />
      <TextField label={t('kf.contact_contact')} name="contact" autoComplete="email" maxLength={120} value={form.values.contact} onValue={form.set('contact')} error={error(form.errors.contact)} />
      <div className="field">
        <label htmlFor={message.id}>{t('kf.contact_message')}</label>
        <textarea
          id={message.id}
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={form.values.message}
          onChange={(e) => form.set('message')(e.target.value)}
          aria-invalid={message.invalid}
          aria-describedby={message.describedBy}
        />
        <FieldMessages id={message.id} error={messageError} />
      </div>
      <FormAlert messageKey={form.formError} />
      <SubmitButton pending={form.pending} label={t('kf.contact_submit')} />
    </form>
  );
}
