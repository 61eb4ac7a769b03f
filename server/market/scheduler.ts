import type { CancelTimer, Clock } from '../clock.ts';
import type { Service } from '../service.ts';
import type { SettlementEngine } from './settlement.ts';

export interface SchedulerOptions {
  /** The safety sweep: how long the scheduler sleeps at most before it looks at the orders table again. */
  readonly sweepMs?: number;
  /**
   * The least time between two runs. A burst of orders due across one second then settles in a few
   * set-based runs, each at most this late, rather than in one transaction per order.
   */
  readonly minGapMs?: number;
  /** While a due order waits for the watermark and no feed in this process says it rose, look again this often. */
  readonly watermarkPollMs?: number;
}

/**
 * Settles each order at its settle time: a timer set for the earliest open order, moved sooner when
 * an order is placed, woken when the feed's watermark reaches a due order, and a sweep every second that catches
 * orders placed by another instance. Runs never overlap; a wake-up during a run starts another right after it.
 * All timers go through the clock, so tests drive the scheduler with a manual one.
 */
export class SettlementScheduler implements Service {
  readonly name = 'settlement';
  private readonly sweepMs: number;
  private readonly minGapMs: number;
  private readonly watermarkPollMs: number;
  private cancel: CancelTimer | undefined;
  private wakeAt: number | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastRunAt = Number.NEGATIVE_INFINITY;
  /** The settle time of a due order that waits for the watermark. */
  private waitingFor: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly engine: SettlementEngine,
    opts: SchedulerOptions = {},
  ) {
    this.sweepMs = opts.sweepMs ?? 1000;
    this.minGapMs = opts.minGapMs ?? 20;
    this.watermarkPollMs = opts.watermarkPollMs ?? 50;
  }

  start(): this {
    this.wake();
    return this;
  }

  /** An order was placed in this process: make sure the timer goes off by its settle time. */
  orderPlaced(settleTime: number): void {
    this.wakeBy(Math.max(settleTime, this.lastRunAt + this.minGapMs));
  }

  /** The feed in this process recorded ticks complete up to `t`: settle a waiting order now. */
  watermarkRose(t: number): void {
    if (this.waitingFor !== undefined && t >= this.waitingFor) this.wake();
  }

  /** Resolves when no run is in flight (tests wait for the work a clock move started). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.idle();
  }

  private wakeBy(at: number): void {
    if (this.stopped || (this.wakeAt !== undefined && this.wakeAt <= at)) return;
    this.cancel?.();
    this.wakeAt = at;
    this.cancel = this.clock.setTimer(() => {
      this.wakeAt = undefined;
      this.cancel = undefined;
      this.wake();
    }, at - this.clock.now());
  }

  /** Runs now, or right after the run in flight. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async run(): Promise<void> {
    this.waitingFor = undefined;
    this.lastRunAt = this.clock.now();
    try {
      await this.engine.settleDue(this.clock.now());
      const next = await this.engine.nextDue();
      this.plan(next.settleTime, next.watermark);
    } catch (e) {
      // A database hiccup must not stop settlement: the sweep tries again.
      console.error('[settlement] run failed', e);
      this.wakeBy(this.clock.now() + this.sweepMs);
    }
  }

  private plan(settleTime: number | null, watermark: number): void {
    const now = this.clock.now();
    const soonest = this.lastRunAt + this.minGapMs;
    let at = now + this.sweepMs;
    if (settleTime !== null && settleTime > now) at = Math.min(at, Math.max(settleTime, soonest));
    else if (settleTime !== null && watermark >= settleTime) at = Math.max(now, soonest);
    else if (settleTime !== null) {
      // Due, but its price is not final yet: the feed's watermark wakes us, or (feed in another instance) a poll.
      this.waitingFor = settleTime;
      at = Math.min(at, now + this.watermarkPollMs);
    }
    this.wakeBy(at);
  }
}
