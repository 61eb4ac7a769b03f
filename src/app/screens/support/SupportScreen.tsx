import { useAtomValue } from '../../state/atomHooks.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { tokenAtom } from '../../state/session.ts';
import { ChatLog } from './ChatLog.tsx';
import { ContactForm } from './ContactForm.tsx';
import { Composer } from './Composer.tsx';
import { useChat } from './useChat.ts';
import './support.css';

/** /kf (tab): the member's chat with support; operators answer with the operator tool. */
export function SupportScreen() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const config = useAppConfig();
  const hours = config ? <p className="muted">{t('kf.hours', { hours: config.supportHours })}</p> : null;
  if (!token) {
    return (
      <div className="stack">
        <SignInPrompt />
        {hours}
        <ContactForm />
      </div>
    );
  }
  // Keyed by the session, so another member signing in starts from an empty conversation.
  return <Chat key={token} hours={hours} />;
}

function Chat({ hours }: { readonly hours: ReactNode }) {
  const { t } = useTranslation();
  const chat = useChat();
  const [sends, setSends] = useState(0);
  return (
    <div className="chat">
      {hours}
      {chat.pollFailure && !chat.state.loaded ? <LoadFailure failure={chat.pollFailure} onRetry={chat.refresh} /> : null}
      {chat.pollFailure && chat.state.loaded ? (
        <p className="chat__stale" role="status">
          {t('kf.stale', { reason: t(chat.pollFailure.msg) })}
        </p>
      ) : null}
      {chat.state.loaded ? (
        <ChatLog messages={chat.state.messages} onRetry={chat.retry} followKey={sends} />
      ) : chat.pollFailure ? null : (
        <p className="muted chat__log">{t('app.loading')}</p>
      )}
      <Composer
        onSend={(text) => {
          chat.send(text);
          setSends((n) => n + 1);
        }}
      />
    </div>
  );
}
