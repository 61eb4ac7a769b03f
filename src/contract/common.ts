import { z } from 'zod';
import { epochMs, lang, money } from './primitives.ts';

export const config = z.object({
  web_name: z.string(),
  serverTime: epochMs,
  currency: z.string(),
  defaultLang: lang,
  langs: z.array(lang),
  minDeposit: money,
  minWithdraw: money,
  /** Cumulative successful deposits needed for levels 2..9. */
  levelThresholds: z.array(money),
  supportHours: z.string(),
});
export type AppConfig = z.infer<typeof config>;
export const banks = z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) });
export const notice = z.object({
  id: z.number().int(),
  kind: z.enum(['notice', 'help']),
  title: z.string(),
  body: z.string(),
  createdAt: epochMs,
});
export type Notice = z.infer<typeof notice>;
export const notices = z.object({ items: z.array(notice) });
