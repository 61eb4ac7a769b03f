import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime } from '../../format/index.ts';
import type { ChatMessage } from './chatState.ts';

interface Props {
  readonly messages: readonly ChatMessage[];
  readonly onRetry: (m: ChatMessage) => void;
  /** Bumped by the composer on every send, so the member's own message always scrolls into view. */
  readonly followKey: number;
}

/** How close to the bottom still counts as "reading the latest" (px). */
const NEAR_BOTTOM = 48;

/**
 * The conversation, oldest first. Every body is a React text node: whatever a message contains (`<script>`,
 * markup, entities) is shown as the characters it is, never parsed as HTML.
 */
export function ChatLog({ messages, onRetry, followKey }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const log = useRef<HTMLDivElement>(null);
  // Follows new messages unless the member scrolled up to read older ones.
  const follow = useRef(true);
  const last = messages.at(-1)?.key;

  useLayoutEffect(() => {
    follow.current = true;
  }, [followKey]);
  useLayoutEffect(() => {
    const el = log.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [last, messages.length, followKey]);

  return (
    <div
      ref={log}
      className="chat__log"
      role="log"
      aria-label={t('kf.conversation')}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
      }}
    >
      {messages.length === 0 ? <p className="muted chat__empty">{t('kf.empty_conversation')}</p> : null}
      <ol className="chat__list">
        {messages.map((m) => (
          <li key={m.key} className={`bubble bubble--${m.from}${m.status === 'failed' ? ' bubble--failed' : ''}`}>
            <span className="visually-hidden">{t(m.from === 'member' ? 'kf.from_member' : 'kf.from_support')}</span>
            <p className="bubble__text">{m.body}</p>
            <p className="bubble__meta">
              {m.status === 'sending' ? t('kf.sending') : null}
              {m.status === 'sent' ? formatDateTime(m.createdAt, lang) : null}
              {m.status === 'failed' ? t('kf.failed', { reason: t(m.failure ?? 'error.network') }) : null}
            </p>
            {m.status === 'failed' ? (
              <button type="button" className="button button--ghost bubble__retry" onClick={() => onRetry(m)}>
                {t('kf.retry')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
