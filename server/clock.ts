/** Cancels a timer set with `Clock.setTimer`; harmless after it fired. */
export type CancelTimer = () => void;

/** The server's clock is the only one that decides anything; tests inject a controllable one. */
export interface Clock {
  now(): number;
  /** Calls `fn` once, `delayMs` from now by this clock. Background work schedules through this, so tests can drive it. */
  setTimer(fn: () => void, delayMs: number): CancelTimer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, delayMs) {
    const timer = setTimeout(fn, Math.max(0, delayMs));
    // A pending timer alone must not keep the process alive; services are stopped explicitly.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Pending {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void;
}

/** A clock that moves only when told; its timers fire, in time order, when it is moved past them. */
export class ManualClock implements Clock {
  private timers: Pending[] = [];
  private seq = 0;

  constructor(private t: number) {}

  now() {
    return this.t;
  }

  setTimer(fn: () => void, delayMs: number): CancelTimer {
    const timer: Pending = { at: this.t + Math.max(0, delayMs), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((p) => p !== timer);
    };
  }

  /** When the next pending timer is due, if any. */
  nextTimerAt(): number | undefined {
    return this.timers.reduce<number | undefined>((min, p) => (min === undefined || p.at < min ? p.at : min), undefined);
  }

  set(t: number) {
    this.t = t;
    this.fireDue();
  }

  advance(ms: number) {
    this.set(this.t + ms);
  }

  /** Fires every timer due by now, earliest first (timers they set that are already due fire too). */
  private fireDue() {
    for (;;) {
      const due = this.timers.filter((p) => p.at <= this.t).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) return;
      this.timers = this.timers.filter((p) => p !== due);
      due.fn();
    }
  }
}
