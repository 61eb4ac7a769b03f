import { useTranslation } from '../../i18n/translation.tsx';
import type { Notice } from '../../../contract/common.ts';
import { useApi } from '../../api/apiContext.ts';
import { chevronIcon } from '../../components/icons.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime } from '../../format/index.ts';
import './help.css';

/**
 * /bz: announcements and help articles from GET common/notice, in the member's language (the server picks it
 * from Accept-Language; a language change asks again). Public: no session needed.
 */
export function HelpCentreScreen() {
  const { t } = useTranslation();
  const client = useApi();
  const lang = useLang();
  const { state, reload } = useCall(`notice:${lang}`, () => client.call('common/notice').then((r) => r.data.items));
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  return (
    <div className="stack">
      <Articles id="bz-notices" titleKey="helpcentre.notices" emptyKey="helpcentre.no_notices" items={state.data.filter((n) => n.kind === 'notice')} dated />
      <Articles id="bz-help" titleKey="helpcentre.articles" emptyKey="helpcentre.no_articles" items={state.data.filter((n) => n.kind === 'help')} />
    </div>
  );
}

interface ArticlesProps {
  readonly id: string;
  readonly titleKey: string;
  readonly emptyKey: string;
  readonly items: readonly Notice[];
  readonly dated?: boolean;
}

function Articles({ id, titleKey, emptyKey, items, dated = false }: ArticlesProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{t(titleKey)}</h2>
      {items.length === 0 ? <p className="muted">{t(emptyKey)}</p> : null}
      {items.map((n) => (
        // Native disclosure: keyboard, screen readers and find-in-page work without any script.
        <details key={n.id} className="article" id={`notice-${n.id}`}>
          <summary>
            <span className="article__head">
              <span className="article__title">{n.title}</span>
              {dated ? <span className="article__date">{formatDateTime(n.createdAt, lang)}</span> : null}
            </span>
            {chevronIcon}
          </summary>
          <p className="article__body">{n.body}</p>
        </details>
      ))}
    </section>
  );
}
