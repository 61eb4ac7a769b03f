import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/** Everything a route needs, passed explicitly so tests build the app without a socket. */
export interface Deps {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  /** Validate every answer against the contract too (tests); off in production for speed. */
  readonly checkResponses: boolean;
}
