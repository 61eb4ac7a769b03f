import { log } from '../log.ts';
import type { Deps } from '../deps.ts';
import { Periodic } from '../periodic.ts';
import { cents } from '../../src/shared/money.ts';
import { accrueDue, type AccrualSummary } from './accrual.ts';

const CHECK_EVERY_MS = 60_000;

/**
 * Pays earning days as they end. On start it catches up on everything that fell due while the server was down;
 * then it looks once a minute. Runs never overlap here, and the database keys make overlapping with another
 * process (the operator tool on PostgreSQL) harmless too.
 */
export class AccrualService extends Periodic<AccrualSummary> {
  constructor(deps: Deps) {
    super({
      name: 'accrual',
      everyMs: CHECK_EVERY_MS,
      atStart: true,
      pass: async () => {
        const now = deps.clock.now();
        const summary = await accrueDue(deps.db, now, now);
        if (summary.records > 0 || summary.matured > 0 || summary.failed > 0) {
          console.log(`[accrual] ${summary.records} daily profits, ${summary.matured} matured, ${summary.failed} failed`);
        }
        return summary;
      },
      failed: (e) => {
        // The next minute tries again.
        log.error('accrual: pass failed', { err: e });
        return { holdings: 0, records: 0, profit: cents(0n), matured: 0, failed: 1 };
      },
    });
  }
}
