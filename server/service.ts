/**
 * A background loop of the server (market feed, settlement, accrual); stopped on shutdown. Its own file, importing
 * nothing of ours: every service and services.ts (which starts them) read it, and no import circle runs through it.
 */
export interface Service {
  readonly name: string;
  stop(): Promise<void> | void;
}
