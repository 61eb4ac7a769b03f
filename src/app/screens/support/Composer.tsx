import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatInteger } from '../../format/index.ts';
import { MESSAGE_MAX, validateMessage } from './limits.ts';

/** The message box: a live length count against the limit, and a send that never loses what was typed. */
export function Composer({ onSend }: { readonly onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = text.trim().length;
  const over = length > MESSAGE_MAX;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const invalid = validateMessage(text);
    setError(invalid);
    if (invalid) return;
    // The text now lives in the conversation (with a retry if sending fails), so the box can be cleared.
    onSend(text);
    setText('');
  };
  // Enter is a new line on phones; Ctrl/Cmd+Enter sends from a keyboard.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  const shown = over ? 'error.message_too_long' : error;
  return (
    <form className="chat__composer" noValidate onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('kf.message')}
      </label>
      <textarea
        id={id}
        className="control"
        rows={2}
        value={text}
        placeholder={t('kf.placeholder')}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-count${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button">
        {t('kf.send')}
      </button>
      <p id={`${id}-count`} className={over ? 'chat__count chat__count--over' : 'chat__count'}>
        {t('kf.count', { length: formatInteger(length, lang), max: formatInteger(MESSAGE_MAX, lang) })}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field__error chat__error" role="alert">
          {t(shown, { max: formatInteger(MESSAGE_MAX, lang) })}
        </p>
      ) : null}
    </form>
  );
}
