import { oneWay } from '../../shared/one-way-callback.ts';
import type { SubscriptionHandle } from '../../workers/api.ts';
import { DEFAULT_LANG, isLang } from '../i18n/languages.ts';
import { LANG_KEY, readItem, TOKEN_KEY } from '../storage/local.ts';
import { marketWorker, sendSession, workerApiBase } from './marketWorker.ts';

let warm: Promise<SubscriptionHandle> | null = null;

/** The paths whose screen lists the products (the others that warm up need only the worker). */
const PRODUCT_LIST_PATHS: readonly string[] = ['/', '/hq'];

/**
 * Starts the market worker from main.tsx, before the app renders, so its code loads while the rest of the
 * JavaScript does and the screen's first poll is not queued behind it. On a product-list path it also starts the
 * product poll, so product/list is in flight while the router resolves. The session is what useMarketWorker sends
 * later (the same token, language and base), so that call asks nothing again. The screen's own subscription joins
 * the same shared poll; then `releaseWarmProducts` drops this one.
 */
export function warmStart(path: string): void {
  if (warm) return;
  const worker = marketWorker();
  const stored = readItem(LANG_KEY);
  sendSession(worker, { apiBase: workerApiBase(), token: readItem(TOKEN_KEY) || null, lang: isLang(stored) ? stored : DEFAULT_LANG });
  if (PRODUCT_LIST_PATHS.includes(path)) warm = worker.watchProducts(oneWay(() => undefined));
}

/** Called once a screen has subscribed to the products itself (comlink keeps the order of calls). */
export function releaseWarmProducts(): void {
  if (!warm) return;
  const handle = warm;
  warm = null;
  void handle.then((h) => marketWorker().unsubscribe(h)).catch(() => undefined);
}
