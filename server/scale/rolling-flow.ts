// Orders placed through one front door (nginx), as phones place them: each request once, with its Idempotency-Key,
// and no retry of our own, so every failure nginx lets through is counted, not hidden.
import { randomUUID } from 'node:crypto';
import type { ClientHttp2Session } from 'node:http2';
import { setTimeout as pause } from 'node:timers/promises';
import type { Member, Product } from './db.ts';
import { h2Request } from './h2.ts';

/** Per worker between two orders: a steady trickle that leaves the two shared cores room for three restarts. */
const PACE_MS = 150;

export class FrontDoorFlow {
  readonly placed: string[] = [];
  /** Anything but an order: a status, an error key or a broken connection, with the time it happened. */
  readonly failed: string[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private next = 0;

  constructor(
    private readonly session: () => Promise<ClientHttp2Session>,
    private readonly members: readonly Member[],
    private readonly product: Product,
  ) {}

  start(workers = 3): void {
    this.running = true;
    this.workers = Array.from({ length: workers }, () => this.work());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    const h2 = await this.session();
    while (this.running) {
      const i = this.next++;
      const member = this.members[i % this.members.length];
      if (!member) return;
      const body = JSON.stringify({ productId: this.product.id, direction: i % 2 === 0 ? 'rise' : 'fall', amount: this.product.amount, cycle: this.product.cycle });
      try {
        const answer = await h2Request(h2, { ':path': '/api/order/create', ':method': 'POST', 'content-type': 'application/json', authorization: member.token, 'idempotency-key': randomUUID() }, body);
        const json = JSON.parse(answer.body.toString('utf8') || '{}') as { code?: number; msg?: string; data?: { orderNo?: string } };
        const orderNo = json.data?.orderNo;
        if (answer.status === 200 && json.code === 0 && orderNo !== undefined) this.placed.push(orderNo);
        else this.failed.push(`${answer.status} ${json.msg ?? answer.body.toString('utf8').slice(0, 80)}`);
      } catch (e) {
        this.failed.push(`connection: ${e instanceof Error ? e.message : String(e)}`);
      }
      // Paces the client only; nothing waits on this for a result.
      await pause(PACE_MS);
    }
  }
}
