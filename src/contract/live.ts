import { z } from 'zod';
import { productQuote, trade } from './market.ts';
import { epochMs, price } from './primitives.ts';

/**
 * The market as it happens: `GET /api/product/live`, a `text/event-stream` of the trades, quotes and 24 h figures
 * of the products a client watches. One stream per worker; the plain reads (product/trunover, product/list) stay
 * for a client that cannot stream (a proxy that buffers or cuts long answers, an older app).
 */
export const LIVE_PATH = 'product/live';
export type LivePath = typeof LIVE_PATH;

/** Most products one stream watches in full (trades and 24 h figures): the screens show one at a time. */
export const MAX_WATCHED = 4;
/** Most products one stream quotes (the rows of a list in view, with room for a fast scroll). */
export const MAX_QUOTED = 60;

/** `12` or `12:1764228000999`: a product, and the watermark its trades were delivered up to (absent: the latest 50). */
const watchItem = /^(\d{1,9})(?::(\d{1,16}))?$/;

const idList = (max: number) =>
  z
    .string()
    .max(max * 28, 'field.invalid')
    .transform((s, ctx) => {
      const out: { id: number; since: number | undefined }[] = [];
      for (const part of s === '' ? [] : s.split(',')) {
        const m = watchItem.exec(part);
        const id = Number(m?.[1]);
        const since = m?.[2] === undefined ? undefined : Number(m[2]);
        if (!m || id < 1 || id > 2 ** 31 - 1 || (since !== undefined && !Number.isSafeInteger(since)) || out.some((o) => o.id === id)) {
          ctx.addIssue({ code: 'custom', message: 'field.invalid' });
          return z.NEVER;
        }
        out.push({ id, since });
      }
      if (out.length > max) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid' });
        return z.NEVER;
      }
      return out;
    });

/**
 * `watch`: products in full, each with its cursor (`12:<w>`: trades after the watermark `w` it last got; `12`: the
 * latest trades). `quotes`: product ids whose quote alone is wanted (a cursor there is ignored). Both
 * comma-separated; at least one product in all.
 */
export const liveReq = z
  .object({ watch: idList(MAX_WATCHED).default([]), quotes: idList(MAX_QUOTED).default([]) })
  .refine((q) => q.watch.length + q.quotes.length > 0, { message: 'field.required', path: ['watch'] });
export type LiveReq = z.input<typeof liveReq>;

export const liveStats = z.object({ volume24h: z.string(), amount24h: z.string(), high24h: price, low24h: price });
export type LiveStats = z.infer<typeof liveStats>;

/** A quote as product/list's `quotes` carry it (no `nextOpen` while open). */
export const liveQuote = productQuote.omit({ id: true });
export type LiveQuote = z.infer<typeof liveQuote>;

/**
 * What changed for one product: new trades (oldest first); the fields of its quote that changed since this stream
 * last sent it (all of them the first time; `nextOpen: null` once it opens); its 24 h figures when they moved (read
 * again every few seconds, and at once when a trade makes a new high or low).
 */
export const liveProduct = z.object({
  id: z.number().int(),
  trades: z.array(trade).optional(),
  quote: liveQuote.partial().extend({ nextOpen: epochMs.nullable().optional() }).optional(),
  stats: liveStats.optional(),
});
export type LiveProduct = z.infer<typeof liveProduct>;

/**
 * One event (the `data:` of an SSE event). `w`: every trade stamped at or before it of the products this stream
 * watches has now been sent, so it is each watched product's cursor for a resume. The first event of a stream
 * carries every product's quote (and a watched one's figures and latest trades); later ones only what changed.
 * An event with no products says the stream is alive.
 */
export const liveEvent = z.object({ w: epochMs, products: z.array(liveProduct).optional() });
export type LiveEvent = z.infer<typeof liveEvent>;
