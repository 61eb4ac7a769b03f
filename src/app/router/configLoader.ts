import type { AppConfig } from '../../contract/common.ts';
import type { ApiClient } from '../api/client.ts';

export type ConfigLoader = () => Promise<AppConfig | null>;

/**
 * Spec 2: before every navigation, fetch the common config and, when its code is 0, set the page title
 * to web_name. Navigations that overlap share the request in flight. A failure never blocks navigation.
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
