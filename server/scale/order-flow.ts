// A steady trickle of orders over HTTP, round-robin over the live instances, as members' phones would send them.
// A request whose instance dies under it has lost its answer, not necessarily its order: it is sent again with the
// same Idempotency-Key to a live instance, which answers the first order or places it, never a second one.
import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { Member, Product } from './db.ts';
import type { Instance } from './instances.ts';

/** Per worker between two orders: about 15 orders a second in all, a load that leaves the two cores room. */
const PACE_MS = 150;

export interface Placed {
  readonly key: string;
  readonly orderNo: string;
  readonly instance: string;
}

export class OrderFlow {
  readonly placed: Placed[] = [];
  /** Business refusals (e.g. error.market_closed while no feed writes), by instance. */
  readonly refused: { readonly instance: string; readonly msg: string }[] = [];
  /** Requests whose connection failed, and the instance they were sent to (each was sent again elsewhere). */
  readonly lost: { readonly instance: string; readonly key: string }[] = [];
  /** Keys no live instance answered in 5 tries (none should be). */
  readonly unanswered: string[] = [];
  private readonly inFlight = new Map<string, number>();
  private next = 0;
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly live: () => readonly Instance[],
    private readonly members: readonly Member[],
    private readonly product: Product,
  ) {}

  start(workers = 3): void {
    this.running = true;
    this.workers = Array.from({ length: workers }, () => this.work());
  }

  /** Requests sent to this instance and not yet answered. */
  inFlightTo(name: string): number {
    return this.inFlight.get(name) ?? 0;
  }

  /** Stops sending; answers once every request in flight has its answer. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    while (this.running) {
      await this.one(this.next++);
      // Paces the client only; nothing waits on this for a result.
      await pause(PACE_MS);
    }
  }

  private async one(i: number): Promise<void> {
    const member = this.members[i % this.members.length];
    if (!member) return;
    const key = randomUUID();
    const body = JSON.stringify({ productId: this.product.id, direction: i % 2 === 0 ? 'rise' : 'fall', amount: this.product.amount, cycle: this.product.cycle });
    for (let attempt = 0; attempt < 5; attempt++) {
      const live = this.live();
      const target = live[(i + attempt) % live.length];
      if (!target) break;
      let answer: { code?: number; msg?: string; data?: { orderNo?: string } };
      this.inFlight.set(target.name, this.inFlightTo(target.name) + 1);
      try {
        const res = await fetch(`${target.base}/api/order/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: member.token, 'idempotency-key': key },
          body,
        });
        answer = (await res.json()) as typeof answer;
      } catch {
        this.lost.push({ instance: target.name, key });
        continue;
      } finally {
        this.inFlight.set(target.name, this.inFlightTo(target.name) - 1);
      }
      const orderNo = answer.data?.orderNo;
      if (answer.code === 0 && orderNo !== undefined) this.placed.push({ key, orderNo, instance: target.name });
      else this.refused.push({ instance: target.name, msg: answer.msg ?? `code ${String(answer.code)}` });
      return;
    }
    this.unanswered.push(key);
  }
}
