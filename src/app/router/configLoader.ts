import type { AppConfig } from '../../contract/common.ts';
import type { ApiClient } from '../api/client.ts';
import { CONFIG_KEY, readItem, writeItem } from '../storage/local.ts';

export type ConfigLoader = () => Promise<AppConfig | null>;

/**
 * Spec 2: before every navigation, fetch the common config and, when its code is 0, set the page title
 * to web_name. Navigations that overlap share the request in flight. A failure never blocks navigation.
 * Each config that arrives is remembered for the next visit's first screen (see rememberedConfig).
 */
export function createConfigLoader(client: ApiClient, doc: Pick<Document, 'title'> = document): ConfigLoader {
  let inFlight: Promise<AppConfig | null> | null = null;
  return () => {
    inFlight ??= client
      .call('common/config')
      .then(
        (res) => {
          if (res.code !== 0) return null;
          doc.title = res.data.web_name;
          writeItem(CONFIG_KEY, JSON.stringify(res.data));
          return res.data;
        },
        () => null,
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

type JsonKind<T> = T extends readonly unknown[] ? 'array' : T extends string ? 'string' : T extends number ? 'number' : never;

/**
 * Each config field's JSON kind, derived from the contract's type: a field added to the contract, or one whose type
 * changes, fails the typecheck here until this list agrees. Only the type is imported: the schema's parser (zod)
 * stays out of the first screen's code.
 */
const FIELD_KINDS: { readonly [K in keyof AppConfig]-?: JsonKind<AppConfig[K]> } = {
  web_name: 'string',
  serverTime: 'number',
  currency: 'string',
  defaultLang: 'string',
  langs: 'array',
  minDeposit: 'string',
  minWithdraw: 'string',
  levelThresholds: 'array',
  supportHours: 'string',
};

const kindOf = (value: unknown): string => (Array.isArray(value) ? 'array' : typeof value);

/**
 * The config the last visit fetched, or null. Public and the same for every member (brand, currency, minimums);
 * the server checks every limit again, so a stale copy can only show an old figure until the fresh one arrives.
 * A copy of another shape (an older app's) is ignored.
 */
export function rememberedConfig(): AppConfig | null {
  const text = readItem(CONFIG_KEY);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const fields = value as Record<string, unknown>;
    const shaped = Object.entries(FIELD_KINDS).every(([key, kind]) => kindOf(fields[key]) === kind);
    return shaped ? (value as AppConfig) : null;
  } catch {
    return null;
  }
}
