import { z } from 'zod';

/**
 * The reads a first screen needs before it can paint, which one `common/batch` request may ask together: each
 * answers exactly as its own request would (same session, language, checks and errors). Only reads that change
 * nothing are here; a path that moves money or takes a form never rides along.
 */
export const BATCHABLE_PATHS = ['common/config', 'common/notice', 'user/details', 'user/balance_list', 'product/details'] as const;
export type BatchablePath = (typeof BATCHABLE_PATHS)[number];

const batchablePath = z.enum(BATCHABLE_PATHS);

/** A call's own JSON body (`{}` for a path that takes none; a GET path takes none). */
const callBody = z.record(z.string().max(64), z.unknown()).refine((body) => Object.keys(body).length <= 8, { message: 'field.invalid' });

export const batchReq = z
  .object({
    calls: z
      .array(z.object({ path: batchablePath, body: callBody }).strict())
      .min(1)
      .max(BATCHABLE_PATHS.length)
      .refine((calls) => new Set(calls.map((c) => c.path)).size === calls.length, { message: 'field.invalid' }),
  })
  .strict();

/** Each call's HTTP status and JSON body, in the order asked: a failed call fails alone. */
export const batchRes = z.object({
  answers: z.array(z.object({ path: batchablePath, status: z.number().int(), body: z.unknown() })),
});
