import { useSetAtom } from 'jotai';
import { useRef } from 'react';
import { useApi } from '../api/apiContext.ts';
import { supportUnreadAtom } from '../state/supportUnread.ts';
import { usePageSettled } from './usePageSettled.ts';
import { usePoll } from './usePoll.ts';

/** A modest rate: a reply is rarely seconds old when it matters, and two shared cores pay for every request. */
// A reply's badge within half a minute; on every tab screen, so it is part of what each screen costs a minute.
export const UNREAD_POLL_MS = 30_000;

/**
 * Keeps the kf badge's count fresh: support/messages from a cursor (so each poll after the first carries only
 * new messages), at once on every `key` change (a navigation), then every UNREAD_POLL_MS while the page is
 * visible, backing off while it fails (the one polling loop, through usePoll). A cold start's first ask waits until
 * the page has settled: the badge is not what the first screen is for, and on a slow phone its request and render
 * were part of the first screen's busiest second.
 * The support screen itself polls with markRead and writes the same count, so it turns this off.
 */
export function useSupportUnreadPoll(token: string | null, enabled: boolean, key: string): void {
  const client = useApi();
  const setUnread = useSetAtom(supportUnreadAtom);
  const cursor = useRef<{ token: string; since: number } | null>(null);
  const settled = usePageSettled();
  usePoll(
    async () => {
      if (!token) return;
      const since = cursor.current?.token === token ? cursor.current.since : undefined;
      const res = await client.call('support/messages', since === undefined ? {} : { since });
      cursor.current = { token, since: res.data.cursor };
      setUnread(res.data.unread);
    },
    { intervalMs: UNREAD_POLL_MS, enabled: enabled && settled && token !== null, key: `${token ?? ''}:${key}` },
  );
}
