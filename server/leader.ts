import pg from 'pg';
import type { Db } from './db/client.ts';
import type { Service } from './service.ts';

/** Starts a job's service; called when this instance becomes the job's leader. */
export type StartJob = () => Promise<Service> | Service;

/**
 * Singleton jobs: the market feed, settlement, accrual, the cashback drain, the demo approver and
 * session pruning must each run in one instance at a time. `lead` answers a service that stops the job (and
 * stops standing by for it).
 */
export interface Leadership {
  lead(job: string, start: StartJob): Promise<Service>;
}

/** PGlite: one process is the whole system, so it leads every job, from the start. */
export const soleLeader: Leadership = {
  async lead(_job, start) {
    return start();
  },
};

/** The advisory-lock class of Candlewick's jobs; the job name's hash is the lock's second key. */
const LOCK_CLASS = 0x43570001;
/** How often a standby tries the lock, and how often the leader proves it is alive. */
const BEAT_MS = 1000;
/**
 * A leader that stops talking (a frozen process) is dropped by the server after this, which releases its lock:
 * with a standby trying every second, a takeover comes within 4 s of the freeze; a killed process's socket
 * closes at once, so its lock goes at once.
 */
const SILENT_LIMIT = '3s';
/**
 * A leader that stops gracefully unlocks its job and says so here (the job's name), and every standby tries the lock
 * at once: a takeover within a round trip, not at the next beat. On the job connection each instance already has,
 * so it costs no connection and no polling; a killed leader sends nothing, and the beat covers that.
 */
const RELEASED_CHANNEL = 'candlewick_leader_released';

/**
 * PostgreSQL: a session-level `pg_try_advisory_lock` per job, on a connection of the job's own (not from the
 * pool: a session lock belongs to its connection, and the lock goes when that connection does). Whoever holds
 * it runs the job; the others try again every second. Losing the connection stops the job here at once.
 *
 * The lock is for running each job once, not for correctness: if a frozen leader woke up and wrote before it
 * noticed it had lost the lock, the data still holds. Ticks have a (product, second) key and the watermark row
 * lock serialises feed writes, so a tick is never doubled and candles are folded once; settlement only moves
 * orders that are still open; accrual, cashback and reviews are keyed the same way.
 */
export class PgLeadership implements Leadership {
  /** `beatMs`: tests lengthen it, to see that a graceful handover needs no beat. */
  constructor(
    private readonly config: pg.ClientConfig,
    private readonly beatMs = BEAT_MS,
  ) {}

  async lead(job: string, start: StartJob): Promise<Service> {
    const j = new PgJob(job, this.config, start, this.beatMs);
    await j.beat();
    return j;
  }
}

class PgJob implements Service {
  private client: pg.Client | undefined;
  private running: Service | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private inFlight: Promise<void> = Promise.resolve();
  private busy = false;
  /** A release was heard while a round ran: the next round comes at once. */
  private again = false;

  constructor(
    readonly name: string,
    private readonly config: pg.ClientConfig,
    private readonly start: StartJob,
    private readonly beatMs: number,
  ) {}

  /** One round: connect if needed, then take the lock (standby) or prove the connection alive (leader). */
  beat(): Promise<void> {
    this.busy = true;
    this.inFlight = this.round().finally(() => {
      this.busy = false;
      if (!this.stopped) {
        this.timer = setTimeout(() => void this.beat(), this.again ? 0 : this.beatMs);
        this.again = false;
        this.timer.unref();
      }
    });
    return this.inFlight;
  }

  /** The leader released this job: try the lock now (no round at a time, or one more right after). */
  private released(): void {
    if (this.stopped || this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    void this.beat();
  }

  private async round(): Promise<void> {
    const client = this.client ?? (await this.connect());
    if (!client) return;
    try {
      if (this.running) {
        await client.query('SELECT 1');
        return;
      }
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_CLASS, this.name]);
      if (!r.rows[0]?.ok || this.stopped) return;
      console.log(`[leader] this instance leads ${this.name}`);
      const started = await this.start();
      // No beat runs while a job starts, and a first start's backfill can outlast SILENT_LIMIT: the lock's session
      // may have ended meanwhile and another instance may lead now. The job must not run on without the lock.
      if (this.client !== client) {
        console.error(`[leader] lost the lead of ${this.name} while it started; standing by`);
        await started.stop();
        return;
      }
      this.running = started;
    } catch (e) {
      await this.lost(client, e);
    }
  }

  private async connect(): Promise<pg.Client | undefined> {
    const client = new pg.Client(this.config);
    // A dropped connection (the server ended it, the network went) ends the lead at once.
    client.on('error', (e) => void this.lost(client, e));
    client.on('notification', (n) => {
      if (n.channel === RELEASED_CHANNEL && n.payload === this.name) this.released();
    });
    try {
      await client.connect();
      await client.query(`SET idle_session_timeout = '${SILENT_LIMIT}'`);
      await client.query(`SET idle_in_transaction_session_timeout = '${SILENT_LIMIT}'`);
      await client.query(`LISTEN ${RELEASED_CHANNEL}`);
      this.client = client;
      return client;
    } catch (e) {
      console.error(`[leader] ${this.name}: cannot connect`, e);
      void client.end().catch(() => undefined);
      return undefined;
    }
  }

  private async lost(client: pg.Client, e: unknown): Promise<void> {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    const running = this.running;
    this.running = undefined;
    if (running) {
      console.error(`[leader] lost the lead of ${this.name}; standing by`, e);
      await running.stop();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight;
    const running = this.running;
    this.running = undefined;
    await running?.stop();
    const client = this.client;
    this.client = undefined;
    // Unlocked right after the job stopped, and the standbys told in the same statement (a NOTIFY goes out at its
    // commit, after the unlock): one of them leads within a round trip. Ending the session would release the lock
    // too, but a standby would only find out at its next beat.
    if (running && client) {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2)), pg_notify($3, $2)', [LOCK_CLASS, this.name, RELEASED_CHANNEL]).then(
        () => console.log(`[leader] released ${this.name}`),
        (e: unknown) => console.error(`[leader] ${this.name}: could not release the lock; it goes with the connection`, e),
      );
    }
    await client?.end().catch(() => undefined);
  }
}

/** Leadership for the database `db` runs on: advisory locks on PostgreSQL, always the leader on PGlite. */
export function leadershipFor(db: Db): Leadership {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? new PgLeadership(client.options) : soleLeader;
}
