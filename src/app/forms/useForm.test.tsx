import type { FormEvent, ReactNode } from 'react';
import { TranslationProvider } from '../i18n/translation.tsx';
import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { createI18n } from '../i18n/createI18n.ts';
import { useForm } from './useForm.ts';

const submitEvent = { preventDefault: () => undefined } as FormEvent;

async function setup(submit: () => Promise<void>) {
  const i18n = await createI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => <TranslationProvider i18n={i18n}>{children}</TranslationProvider>;
  return renderHook(
    () =>
      useForm({
        fields: ['amount', 'note'] as const,
        initial: { amount: '', note: '' },
        validate: (v) => (v.amount === '' ? { amount: 'prompt.amount' } : {}),
        submit,
      }),
    { wrapper },
  );
}

describe('useForm (one error place, cleared on change)', () => {
  it('clears a field error as soon as that field changes, and keeps the others', async () => {
    const { result, act } = await setup(() => Promise.resolve());
    await act(() => result.current.onSubmit(submitEvent));
    expect(result.current.errors).toEqual({ amount: 'prompt.amount' });
    act(() => result.current.set('amount')('1'));
    expect(result.current.errors).toEqual({});
  });

  it('shows a server error that names a field under that field only, not a second time on the form', async () => {
    const failure = { code: 4033, msg: 'error.password_wrong', data: { fields: { amount: 'error.password_wrong' } } };
    const { result, act } = await setup(() => Promise.reject(failure));
    act(() => result.current.set('amount')('x'));
    await act(() => result.current.onSubmit(submitEvent));
    expect(result.current.errors).toEqual({ amount: 'error.password_wrong' });
    expect(result.current.formError).toBeNull();
  });

  it('keeps a summary that differs from the field messages on the form line', async () => {
    const failure = { code: 4001, msg: 'error.validation', data: { fields: { amount: 'field.invalid' } } };
    const { result, act } = await setup(() => Promise.reject(failure));
    act(() => result.current.set('amount')('x'));
    await act(() => result.current.onSubmit(submitEvent));
    expect(result.current.errors).toEqual({ amount: 'field.invalid' });
    expect(result.current.formError).toBe('error.validation');
  });

  it('shows a server error without fields on the form line, and clears it when any input changes', async () => {
    const { result, act } = await setup(() => Promise.reject({ code: 4040, msg: 'error.no_bank_card' }));
    act(() => result.current.set('amount')('5'));
    await act(() => result.current.onSubmit(submitEvent));
    expect(result.current.formError).toBe('error.no_bank_card');
    act(() => result.current.set('note')('n'));
    expect(result.current.formError).toBeNull();
  });
});
