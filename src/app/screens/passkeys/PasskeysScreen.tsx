import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { PasskeyItem } from '../../../contract/passkeys.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { formatDateTime } from '../../format/index.ts';
import { passkeysSupported } from '../../hooks/passkeyCeremony.ts';
import { useLang } from '../../hooks/useLang.ts';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { AddPasskeyForm } from './AddPasskeyForm.tsx';
import { RemovePasskeySheet } from './RemovePasskeySheet.tsx';

/** Mine → Security → Passkeys: the member's passkeys, adding one, removing one. */
export function PasskeysScreen() {
  return (
    <MemberScreen>
      <Passkeys />
    </MemberScreen>
  );
}

function Passkeys() {
  const { t } = useTranslation();
  const list = useMemberCall('passkeys', (c) => c.call('passkey/list').then((r) => r.data.items));
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  // Each add empties the form (a new key).
  const [added, setAdded] = useState(0);
  const supported = passkeysSupported();
  const s = list.state;
  return (
    <>
      <p className="muted">{t('passkeys.intro')}</p>
      {supported ? null : <p className="notice">{t('error.passkey_unsupported')}</p>}
      {s?.status === 'error' ? <LoadFailure failure={s.failure} onRetry={list.reload} /> : <PasskeyList items={s?.status === 'ok' ? s.data : null} onRemove={setRemoving} />}
      {supported ? (
        <AddPasskeyForm
          key={added}
          onAdded={() => {
            setAdded((n) => n + 1);
            list.reload();
          }}
        />
      ) : null}
      {removing && s?.status === 'ok' ? (
        <RemovePasskeySheet
          item={removing}
          others={supported ? s.data.filter((i) => i.id !== removing.id).length : 0}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** `items` null while loading: the card shows already, so the form below moves only if there are passkeys to list. */
function PasskeyList({ items, onRemove }: { readonly items: readonly PasskeyItem[] | null; readonly onRemove: (item: PasskeyItem) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="card" aria-labelledby="passkeys-title" aria-busy={items === null}>
      <h2 id="passkeys-title">{t('passkeys.list_title')}</h2>
      {items === null ? <p className="muted">{t('app.loading')}</p> : null}
      {items?.length === 0 ? <p className="muted">{t('passkeys.none')}</p> : null}
      <ul className="review-list">
        {(items ?? []).map((item) => (
          <li key={item.id} className="review-list__item">
            <div className="review-list__row">
              <strong>{item.name}</strong>
              <button type="button" className="button button--ghost button--small" aria-label={t('passkeys.remove_named', { name: item.name })} onClick={() => onRemove(item)}>
                {t('passkeys.remove')}
              </button>
            </div>
            <span className="muted">{t('passkeys.added_at', { when: formatDateTime(item.createdAt, lang) })}</span>
            <span className="muted">{item.lastUsedAt === null ? t('passkeys.never_used') : t('passkeys.last_used', { when: formatDateTime(item.lastUsedAt, lang) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
