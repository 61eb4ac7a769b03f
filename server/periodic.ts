import type { Service } from './service.ts';

export interface PeriodicJob<T> {
  readonly name: string;
  readonly everyMs: number;
  /** Run a pass at start too, before the first period (catching up on what fell due while stopped). */
  readonly atStart: boolean;
  readonly pass: () => Promise<T>;
  /** What a failed pass answers, once it has logged why: a database hiccup must not kill the loop. */
  readonly failed: (error: unknown) => T;
}

/**
 * A background job that runs a pass every period on an unref'd timer. A pass already in flight is joined rather
 * than doubled, and stop() waits for it, so the database is not closed under it.
 */
export class Periodic<T> implements Service {
  readonly name: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(private readonly job: PeriodicJob<T>) {
    this.name = job.name;
  }

  start(): this {
    if (this.job.atStart) void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.job.everyMs);
    this.timer.unref();
    return this;
  }

  /** One pass now; a pass already in flight is joined rather than doubled. */
  runOnce(): Promise<T> {
    this.running ??= this.job
      .pass()
      .catch(this.job.failed)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
