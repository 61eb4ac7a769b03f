import { resolve } from 'node:path';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import { LiveMarket } from './market/live-market.ts';
import { replayedSymbols } from './market/service.ts';
import { MarketSignals } from './market/signals.ts';
import { Metrics } from './metrics/metrics.ts';

/**
 * What a process that works on the data needs before it serves anything: the server (start.ts), the operator
 * tool and the tests open the database and build their Deps here, not from the server's wiring.
 */
export async function openDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL) : openPglite(resolve(config.DATA_DIR, 'pg'));
}

export function makeDeps(database: Database, config: Config, clock: Clock = systemClock, checkResponses = false): Deps {
  return {
    db: database.db,
    config,
    clock,
    checkResponses,
    signals: new MarketSignals(),
    live: new LiveMarket(database.db, clock, replayedSymbols(config.REPLAY_DIR)),
    metrics: new Metrics(database.db),
  };
}
