import pg from 'pg';
import type { Db } from '../db/client.ts';
import type { Service } from '../service.ts';
import { WATERMARK_CHANNEL } from './recorder.ts';

/** After a lost connection, the next try comes this much later. */
const RECONNECT_MS = 500;

/** The PostgreSQL server's connection settings when `db` is one (not PGlite). */
export function postgresConfigOf(db: Db): pg.ClientConfig | null {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client.options : null;
}

/**
 * Every instance hears each new watermark the feed's leader writes, by LISTEN on a connection of its own: the
 * NOTIFY is sent at the commit of the ticks it covers, so this instance's streams read them at once, and no
 * instance polls the database for them. On (re)connecting it reads the watermark too: nothing written while it
 * was away is missed.
 */
export function listenForWatermarks(config: pg.ClientConfig, onWatermark: (w: number) => void): Service {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...config, application_name: `${process.env['PGAPPNAME'] ?? 'candlewick'}-live` });
    client = c;
    const lost = (): void => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      const w = Number(n.payload);
      if (n.channel === WATERMARK_CHANNEL && Number.isSafeInteger(w)) onWatermark(w);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WATERMARK_CHANNEL}`);
      const r = await c.query<{ t: string }>('SELECT t::text FROM market_watermark');
      const w = Number(r.rows[0]?.t);
      if (Number.isSafeInteger(w)) onWatermark(w);
    } catch {
      lost();
    }
  };
  void connect();
  return {
    name: 'watermark listener',
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
