import type { SUPPORT_MESSAGE_MAX } from '../../../contract/support.ts';

/** The contract's limit; the type annotation fails to compile if the two ever differ (the app imports types only). */
export const MESSAGE_MAX: typeof SUPPORT_MESSAGE_MAX = 1000;

/** While the chat is open: often enough to feel live, rare enough for a shared server. */
export const CHAT_POLL_MS = 5_000;

/** The same measure as the server's check: trimmed, in UTF-16 units (JavaScript's and zod's `length`). */
export function validateMessage(text: string): 'kf.empty' | 'error.message_too_long' | null {
  const body = text.trim();
  if (body === '') return 'kf.empty';
  return body.length > MESSAGE_MAX ? 'error.message_too_long' : null;
}
