import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { Res } from '../../../contract/api.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
import { IdentityForm } from './IdentityForm.tsx';
import { IdentityStatus } from './IdentityStatus.tsx';

type Idcard = Res<'user/idcard'>;

export function IdentityScreen() {
  return (
    <MemberScreen>
      <Identity />
    </MemberScreen>
  );
}

function Identity() {
  const { t } = useTranslation();
  const loaded = useMemberCall('idcard', (c) => c.call('user/idcard').then((r) => r.data));
  // The answer of a submission is newer than what was loaded.
  const [submitted, setSubmitted] = useState<Idcard | null>(null);
  const s = loaded.state;
  const status = submitted ?? (s?.status === 'ok' ? s.data : null);
  return (
    <>
      {s?.status === 'loading' ? <p className="muted">{t('app.loading')}</p> : null}
      {s?.status === 'error' ? <LoadFailure failure={s.failure} onRetry={loaded.reload} /> : null}
      {status && status.status !== 'none' ? <IdentityStatus idcard={status} /> : null}
      {/* A denied check may be sent again; one under review or approved may not. */}
      {status && (status.status === 'none' || status.status === 'denied') ? <IdentityForm onSubmitted={setSubmitted} /> : null}
    </>
  );
}
