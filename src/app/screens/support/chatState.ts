import type { Res } from '../../../contract/api.ts';

export type ServerMessage = Res<'support/send'>;

/** A message as the chat shows it: from the server, or the member's own still on its way (id null). */
export interface ChatMessage {
  /** Stable across the optimistic copy and the stored one, so React keeps the same row. */
  readonly key: string;
  readonly id: number | null;
  readonly from: ServerMessage['from'];
  readonly body: string;
  readonly createdAt: number;
  readonly status: 'sent' | 'sending' | 'failed';
  /** A locale key when the send failed. */
  readonly failure: string | null;
}

export interface ChatState {
  readonly messages: readonly ChatMessage[];
  /** The first answer has arrived (until then the chat says it is loading). */
  readonly loaded: boolean;
}

export type ChatAction =
  | { readonly type: 'received'; readonly items: readonly ServerMessage[] }
  | { readonly type: 'queued'; readonly key: string; readonly body: string; readonly at: number }
  | { readonly type: 'sent'; readonly key: string; readonly message: ServerMessage }
  | { readonly type: 'failed'; readonly key: string; readonly failure: string }
  | { readonly type: 'retrying'; readonly key: string };

export const initialChat: ChatState = { messages: [], loaded: false };

const stored = (m: ServerMessage, key = `id-${m.id}`): ChatMessage => ({ ...m, key, status: 'sent', failure: null });

/** Stored messages in id order, then the member's unsent ones in the order they were written. */
function ordered(messages: readonly ChatMessage[]): ChatMessage[] {
  const known = messages.filter((m) => m.id !== null).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return [...known, ...messages.filter((m) => m.id === null)];
}

const hasId = (messages: readonly ChatMessage[], id: number) => messages.some((m) => m.id === id);

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'received': {
      // A poll may bring back a message this chat already has (its own send, or an overlapping page).
      const fresh = action.items.filter((m) => !hasId(state.messages, m.id)).map((m) => stored(m));
      return { loaded: true, messages: fresh.length ? ordered([...state.messages, ...fresh]) : state.messages };
    }
    case 'queued':
      return {
        ...state,
        messages: [...state.messages, { key: action.key, id: null, from: 'member', body: action.body, createdAt: action.at, status: 'sending', failure: null }],
      };
    case 'sent': {
      // If a poll already delivered the stored copy, the optimistic one simply goes.
      const rest = state.messages.filter((m) => m.key !== action.key);
      const messages = hasId(rest, action.message.id) ? rest : ordered([...rest, stored(action.message, action.key)]);
      return { ...state, messages };
    }
    case 'failed':
      return { ...state, messages: state.messages.map((m) => (m.key === action.key ? { ...m, status: 'failed', failure: action.failure } : m)) };
    case 'retrying':
      return { ...state, messages: state.messages.map((m) => (m.key === action.key ? { ...m, status: 'sending', failure: null } : m)) };
  }
}
