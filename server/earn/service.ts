import { log } from '../log.ts';
import type { Deps } from '../deps.ts';
import type { Service } from '../service.ts';
import { cents } from '../../src/shared/money.ts';
import { accrueDue, type AccrualSummary } from './accrual.ts';

const CHECK_EVERY_MS = 60_000;

/**
 * Pays earning days as they end. On start it catches up on everything that fell due while the server was down;
 * then it looks once a minute. Runs never overlap here, and the database keys make overlapping with another
 * process (the operator tool on PostgreSQL) harmless too.
 */
export class AccrualService implements Service {
  readonly name = 'accrual';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<AccrualSummary> | undefined;

  constructor(private readonly deps: Deps) {}

  start(): this {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), CHECK_EVERY_MS);
    this.timer.unref();
    return this;
  }

  /** One pass up to the server's now; a pass already in flight is joined rather than doubled. */
  runOnce(): Promise<AccrualSummary> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<AccrualSummary> {
    const now = this.deps.clock.now();
    try {
      const summary = await accrueDue(this.deps.db, now, now);
      if (summary.records > 0 || summary.matured > 0 || summary.failed > 0) {
        console.log(`[accrual] ${summary.records} daily profits, ${summary.matured} matured, ${summary.failed} failed`);
      }
      return summary;
    } catch (e) {
      // A database hiccup must not kill the loop; the next minute tries again.
      log.error('accrual: pass failed', { err: e });
      return { holdings: 0, records: 0, profit: cents(0n), matured: 0, failed: 1 };
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
