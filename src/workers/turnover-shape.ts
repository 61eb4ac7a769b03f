import type { Res } from '../contract/api.ts';

/**
 * One product's turnover as its consumers take it (quote, tape, live bar): a product/trunover answer, or the same
 * built from the live stream's event; `since` is the cursor it followed and `quiet` how many answers in a row
 * brought nothing new (the poll's pace).
 */
export type Turnover = Res<'product/trunover'> & { readonly since: number | undefined; readonly quiet: number };
