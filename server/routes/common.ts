import { and, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { notices } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { LEVEL_THRESHOLDS } from '../domain/level.ts';
import { fromCents } from '../../src/shared/money.ts';
import { route } from '../http/route.ts';
import { BANKS } from '../domain/banks.ts';
import { MIN_DEPOSIT, MIN_WITHDRAW } from '../money/limits.ts';

export function commonRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'common/config', async ({ now }) => ({
    web_name: deps.config.WEB_NAME,
    serverTime: now,
    currency: deps.config.CURRENCY,
    defaultLang: 'en' as const,
    langs: ['en' as const, 'vn' as const, 'zn' as const],
    minDeposit: fromCents(MIN_DEPOSIT),
    minWithdraw: fromCents(MIN_WITHDRAW),
    levelThresholds: LEVEL_THRESHOLDS.map(fromCents),
    supportHours: '24/7',
  }));

  route(app, deps, 'common/notice', async ({ db, lang }) => {
    const rows = await db.select().from(notices).where(and(eq(notices.lang, lang))).orderBy(desc(notices.createdAt), desc(notices.id)).limit(100);
    return {
      items: rows.map((r) => ({ id: r.id, kind: r.kind === 'help' ? ('help' as const) : ('notice' as const), title: r.title, body: r.body, createdAt: r.createdAt.getTime() })),
    };
  });

  route(app, deps, 'common/banks', async () => ({ items: BANKS.map((b) => ({ ...b })) }));
}
