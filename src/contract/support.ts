import { z } from 'zod';
import { epochMs } from './primitives.ts';

export const SUPPORT_MESSAGE_MAX = 1000;
export const supportMessage = z.object({ id: z.number().int(), from: z.enum(['member', 'support']), body: z.string(), createdAt: epochMs });
/** `since`: the last message id the app has; absent for the latest page. `markRead`: the member has seen support's replies. */
export const messagesReq = z.object({ since: z.number().int().nonnegative().optional(), markRead: z.boolean().optional() });
/** Oldest first. `cursor` is the id to pass as `since` next time; `unread` counts support replies not yet marked read. */
export const messages = z.object({ items: z.array(supportMessage), unread: z.number().int(), cursor: z.number().int() });
export const sendReq = z.object({
  body: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, 'field.required')
    .max(SUPPORT_MESSAGE_MAX, 'error.message_too_long')
    // PostgreSQL text cannot hold NUL, and no keyboard types one.
    .refine((s) => !s.includes('\u0000'), 'field.invalid'),
});

/** A visitor's contact form: someone without a session, e.g. one who forgot the password, reaches support. */
export const CONTACT_MESSAGE_MAX = 1000;
const contactText = (max: number) =>
  z
    .string({ error: 'field.required' })
    .trim()
    .min(1, 'field.required')
    .max(max, 'field.too_long')
    .refine((s) => !s.includes('\u0000'), 'field.invalid');
export const contactReq = z.object({
  name: contactText(60),
  /** How support answers: a phone number, an e-mail address or the username. */
  contact: contactText(120),
  message: contactText(CONTACT_MESSAGE_MAX),
});
export const contactAck = z.object({ id: z.number().int(), createdAt: epochMs });

