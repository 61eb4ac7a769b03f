import { useTranslation } from '../../i18n/translation.tsx';
import { formatDateTime } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';

interface Props<T> {
  readonly setting: { readonly value: T | null; readonly next: { readonly value: T | null; readonly at: number } | null };
  /** The setting's value as the member reads it (null: none). */
  readonly show: (value: T | null) => string;
  /** The change that waits, in words of its own (default: "Changes to … at …"); `when` is already written. */
  readonly describeNext?: (value: T | null, when: string) => string;
  /** Cancels the change that waits (asks for the value in force); absent where there is nothing to cancel. */
  readonly onKeep?: (() => void) | undefined;
  readonly busy?: boolean;
}

/** What is in force now, and the looser change that waits with the moment it takes effect. */
export function SettingNote<T>({ setting, show, describeNext, onKeep, busy = false }: Props<T>) {
  const { t } = useTranslation();
  const lang = useLang();
  const next = setting.next;
  const when = next ? formatDateTime(next.at, lang) : '';
  return (
    <div className="limits-note">
      <p>{t('limits.now', { value: show(setting.value) })}</p>
      {next ? (
        <p className="notice">
          {describeNext ? describeNext(next.value, when) : t('limits.next', { value: show(next.value), when })}
          {onKeep ? (
            <button type="button" className="button button--ghost limits-note__keep" onClick={onKeep} disabled={busy}>
              {t('limits.keep')}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
