import { useSetAtom } from 'jotai';
import { useReducer, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext.ts';
import { asApiFailure, type ApiFailure } from '../../../http/failure.ts';
import { usePoll } from '../../hooks/usePoll.ts';
import { supportUnreadAtom } from '../../state/supportUnread.ts';
import { chatReducer, initialChat, type ChatMessage } from './chatState.ts';
import { CHAT_POLL_MS } from './limits.ts';
import { deviceNow } from '../../../shared/clock.ts';

/**
 * The conversation: support/messages from a cursor while the chat is visible, each poll marking support's
 * replies read (the member is looking at them), and optimistic sends that can fail and be retried.
 */
export function useChat() {
  const client = useApi();
  const setUnread = useSetAtom(supportUnreadAtom);
  const [state, dispatch] = useReducer(chatReducer, initialChat);
  const [pollFailure, setPollFailure] = useState<ApiFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const cursor = useRef<number | undefined>(undefined);
  const nextKey = useRef(0);

  usePoll(
    async () => {
      try {
        const since = cursor.current;
        const res = await client.call('support/messages', since === undefined ? { markRead: true } : { since, markRead: true });
        cursor.current = res.data.cursor;
        dispatch({ type: 'received', items: res.data.items });
        setUnread(res.data.unread);
        setPollFailure(null);
      } catch (e) {
        setPollFailure(asApiFailure(e));
        // The loop backs off while the chat cannot be read.
        throw e;
      }
    },
    { intervalMs: CHAT_POLL_MS, enabled: true, key: String(attempt) },
  );

  const deliver = async (key: string, body: string) => {
    try {
      const res = await client.call('support/send', { body });
      dispatch({ type: 'sent', key, message: res.data });
    } catch (e) {
      dispatch({ type: 'failed', key, failure: asApiFailure(e).msg });
    }
  };

  return {
    state,
    pollFailure,
    /** Asks again now (after a failed poll). */
    refresh: () => setAttempt((n) => n + 1),
    send: (text: string) => {
      const key = `local-${nextKey.current++}`;
      const body = text.trim();
      dispatch({ type: 'queued', key, body, at: deviceNow() });
      void deliver(key, body);
    },
    retry: (m: ChatMessage) => {
      dispatch({ type: 'retrying', key: m.key });
      void deliver(m.key, m.body);
    },
  };
}
