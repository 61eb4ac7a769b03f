import type { Deps } from './deps.ts';

/** A background loop of the server (market feed, settlement, accrual); stopped on shutdown. */
export interface Service {
  readonly name: string;
  stop(): Promise<void> | void;
}

/** Starts every background service; domains add theirs here. */
export async function startServices(_deps: Deps): Promise<Service[]> {
  return [];
}
