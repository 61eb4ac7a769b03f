import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { asApiFailure } from '../../http/failure.ts';
import { serverFieldErrors, type FieldErrors } from './fieldErrors.ts';

interface FormSpec<F extends string> {
  readonly fields: readonly F[];
  readonly initial: Record<F, string>;
  readonly validate: (values: Record<F, string>) => FieldErrors<F>;
  /** Throws an ApiFailure to show the server's field errors and message. */
  readonly submit: (values: Record<F, string>) => Promise<void>;
}

function omit<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field)) as FieldErrors<F>;
}

/** Form state with client checks first, then the server's verdict; one submission at a time. */
export function useForm<F extends string>(spec: FormSpec<F>) {
  const { i18n } = useTranslation();
  const [values, setValues] = useState(spec.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // An error stays only while it is true, so editing a field clears its message and the form's.
  const set = (field: F) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] === undefined ? e : omit(e, field)));
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = spec.validate(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await spec.submit(values);
    } catch (e) {
      const failure = asApiFailure(e);
      const fieldErrors = serverFieldErrors(i18n, failure, spec.fields);
      setErrors(fieldErrors);
      // One place per error: a message already shown under its field is not repeated on the form line.
      setFormError(Object.values(fieldErrors).includes(failure.msg) ? null : failure.msg);
    } finally {
      setPending(false);
    }
  };

  return { values, set, errors, formError, pending, onSubmit };
}
