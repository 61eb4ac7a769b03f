import { useRef } from 'react';

export interface SubmissionKey {
  /** The same key while the member resubmits the same body; a new one once the body changes. */
  keyFor(body: unknown): string;
  /** Call after an answer that settled the submission, so the next one gets a fresh key. */
  done(): void;
}

export function createSubmissionKey(newKey: () => string = () => crypto.randomUUID()): SubmissionKey {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const json = JSON.stringify(body);
      if (current?.body !== json) current = { key: newKey(), body: json };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}

/** One submission key per mounted form. */
export function useSubmissionKey(): SubmissionKey {
  const ref = useRef<SubmissionKey | null>(null);
  ref.current ??= createSubmissionKey();
  return ref.current;
}
