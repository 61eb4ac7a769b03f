import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { ErrorBody, Res } from '../../../contract/api.ts';
import { formRefusals } from '../../../contract/form-spec.ts';
import { identityForm } from '../../../contract/forms.ts';
import { contractFieldErrors, type FieldErrors } from '../../forms/fieldErrors.ts';
import { localFailure } from '../../../http/failure.ts';
import { useApi } from '../../api/apiContext.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { compressPhoto, isAcceptedPhoto } from '../../money/compressPhoto.ts';
import { PhotoField } from '../../money/PhotoField.tsx';
import { showToastAtom } from '../../state/toast.ts';

type Side = 'front' | 'back';
type IdentityField = (typeof identityForm.fields)[number];

/**
 * Name and ID number as the contract checks them; a photo only for being chosen here (`front` and `back` hold the
 * file's name): it is checked by the contract once the phone has shrunk it, on submit.
 */
function identityErrors(i18n: Parameters<typeof contractFieldErrors>[0], v: Readonly<Record<IdentityField, string>>): FieldErrors<IdentityField> {
  const e = contractFieldErrors(i18n, identityForm, v, { only: ['realName', 'idNumber'] });
  if (!v.front) e.front = 'prompt.front';
  if (!v.back) e.back = 'prompt.back';
  return e;
}

const badImage = (side: Side): ErrorBody => localFailure('error.image_invalid', { [side]: 'error.image_invalid' });

export function IdentityForm({ onSubmitted }: { readonly onSubmitted: (status: Res<'user/idcard'>) => void }) {
  const { t, i18n } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null });
  const form = useForm({
    fields: identityForm.fields,
    initial: { realName: '', idNumber: '', front: '', back: '' },
    validate: (v) => identityErrors(i18n, v),
    submit: async (v) => {
      // Photos are shrunk on the phone first: less data to send, and within the server's 5 MB.
      const photo = async (side: Side) => {
        const file = files[side];
        if (!file || !isAcceptedPhoto(file)) throw badImage(side);
        return compressPhoto(file).catch(() => Promise.reject(badImage(side)));
      };
      const [front, back] = await Promise.all([photo('front'), photo('back')]);
      const values = { ...v, front, back };
      const refused = formRefusals(identityForm, values);
      if (refused.front) throw badImage('front');
      if (refused.back) throw badImage('back');
      const res = await client.call(identityForm.path, identityForm.body(values));
      toast('msg.submitted');
      onSubmitted(res.data);
    },
  });
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  const pick = (side: Side) => (file: File | null) => {
    setFiles((f) => ({ ...f, [side]: file }));
    form.set(side)(file?.name ?? '');
  };
  return (
    <form className="panel form" noValidate aria-label={t('screen.realname')} onSubmit={(e) => void form.onSubmit(e)}>
      <TextField label={t('idcard.realName')} name="realName" autoComplete="name" value={form.values.realName} onValue={form.set('realName')} error={error(form.errors.realName)} />
      <TextField label={t('idcard.idNumber')} name="idNumber" autoComplete="off" autoCapitalize="characters" value={form.values.idNumber} onValue={form.set('idNumber')} error={error(form.errors.idNumber)} />
      <PhotoField label={t('idcard.front')} name="front" hint={t('idcard.photo_hint')} onFile={pick('front')} error={error(form.errors.front)} />
      <PhotoField label={t('idcard.back')} name="back" onFile={pick('back')} error={error(form.errors.back)} />
      <FormAlert messageKey={form.formError} />
      <button type="submit" className="button button--block" disabled={form.pending}>
        {form.pending ? t('idcard.sending') : t('idcard.submit')}
      </button>
    </form>
  );
}
