import { useRef, type FormEvent, type MouseEvent, type RefObject } from 'react';

/**
 * A second way to send a form (a passkey instead of the PIN): `active` is true while the submission it started
 * runs, so the form's check and its submit know which way the member chose; Enter and the submit button stay the
 * first way.
 */
export function useAlternateSubmit(): { readonly active: RefObject<boolean>; readonly submit: (onSubmit: (e: FormEvent) => Promise<void>, e: FormEvent) => Promise<void> } {
  const active = useRef(false);
  const submit = async (onSubmit: (e: FormEvent) => Promise<void>, e: FormEvent) => {
    active.current = true;
    try {
      await onSubmit(e);
    } finally {
      active.current = false;
    }
  };
  return { active, submit };
}

/** Its button, under the form's own submit button. `label` is already translated. */
export function AlternateSubmitButton({ pending, label, onClick }: { readonly pending: boolean; readonly label: string; readonly onClick: (e: MouseEvent) => void }) {
  return (
    <button type="button" className="button button--ghost button--block" disabled={pending} onClick={onClick}>
      {label}
    </button>
  );
}
