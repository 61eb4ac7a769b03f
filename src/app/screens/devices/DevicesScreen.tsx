import { useSetAtom } from 'jotai';
import { useAtomValue } from '../../state/atomHooks.ts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { SignedInDevice } from '../../../contract/sessions.ts';
import { useApi } from '../../api/apiContext.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { tokenAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toast.ts';
import { ConfirmSignOut } from './ConfirmSignOut.tsx';
import { DeviceCard } from './DeviceCard.tsx';
import { deviceLabel } from './deviceLabel.ts';
import './devices.css';

/** /devices: my signed-in devices, and signing any other one (or all of them) out at once. */
export function DevicesScreen() {
  const token = useAtomValue(tokenAtom);
  return token ? <Devices token={token} /> : <SignInPrompt />;
}

/** What the confirmation asks about: one device, or every device but this one. */
type Ending = { readonly kind: 'one'; readonly device: SignedInDevice } | { readonly kind: 'others' };

function Devices({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const client = useApi();
  const toast = useSetAtom(showToastAtom);
  const [version, setVersion] = useState(0);
  const loaded = useCall(`user-sessions:${token}:${version}`, () => client.call('user/sessions').then((r) => r.data.items));
  // Each sign-out answers the list as it stands after it: shown until the next load.
  const [answered, setAnswered] = useState<{ readonly version: number; readonly items: SignedInDevice[] } | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);

  const items = answered?.version === version ? answered.items : loaded.state?.status === 'ok' ? loaded.state.data : null;
  const others = items?.filter((d) => !d.current).length ?? 0;
  const reload = () => setVersion((v) => v + 1);

  const confirmation = (e: Ending) =>
    e.kind === 'one'
      ? {
          title: t('devices.confirm_one_title'),
          body: t('devices.confirm_one_body', { device: deviceLabel(t, e.device) }),
          run: () => client.call('user/session_revoke', { id: e.device.id }).then((r) => r.data.items),
          done: 'devices.signed_out_one',
        }
      : {
          title: t('devices.confirm_others_title'),
          body: t('devices.confirm_others_body'),
          run: () => client.call('user/session_revoke_others').then((r) => r.data.items),
          done: 'devices.signed_out_others',
        };

  const asking = ending ? confirmation(ending) : null;

  return (
    <div className="stack">
      <p className="muted">{t('devices.intro')}</p>
      {items === null && loaded.state?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
      {items === null && loaded.state?.status === 'error' ? <LoadFailure failure={loaded.state.failure} onRetry={loaded.reload} /> : null}
      {items ? (
        <ul className="device-list" aria-label={t('devices.list')}>
          {items.map((d) => (
            <DeviceCard key={d.id} device={d} onSignOut={(device) => setEnding({ kind: 'one', device })} />
          ))}
        </ul>
      ) : null}
      {items && others > 0 ? (
        <button type="button" className="button button--block" onClick={() => setEnding({ kind: 'others' })}>
          {t('devices.sign_out_others')}
        </button>
      ) : null}
      {items && others === 0 ? <p className="muted">{t('devices.only_this')}</p> : null}
      {asking ? (
        <ConfirmSignOut
          title={asking.title}
          body={asking.body}
          run={asking.run}
          onDone={(after) => {
            setAnswered({ version, items: after });
            setEnding(null);
            toast(asking.done);
          }}
          // That device had already gone (signed out elsewhere, or idle): the list behind is read again.
          onFailed={(failure) => (failure.msg === 'error.session_unknown' ? reload() : undefined)}
          onClose={() => setEnding(null)}
        />
      ) : null}
    </div>
  );
}
