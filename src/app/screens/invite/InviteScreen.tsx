import { useAtomValue } from '../../state/atomHooks.ts';
import { useTranslation } from '../../i18n/translation.tsx';
import { useApi } from '../../api/apiContext.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useCall } from '../../hooks/useCall.ts';
import { useAppConfig } from '../../hooks/useAppConfig.ts';
import { tokenAtom } from '../../state/session.ts';
import { InviteLink } from './InviteLink.tsx';
import { InviteQr } from './InviteQr.tsx';
import { RecentInvitees } from './RecentInvitees.tsx';
import { TeamTable } from './TeamTable.tsx';
import './invite.css';

/** /yqhy: invitation code, link and QR code, the team and its cashback per generation, recent invitees. */
export function InviteScreen() {
  const token = useAtomValue(tokenAtom);
  return token ? <Invite token={token} /> : <SignInPrompt />;
}

function Invite({ token }: { readonly token: string }) {
  const { t } = useTranslation();
  const client = useApi();
  const config = useAppConfig();
  const { state, reload } = useCall(`invite:${token}`, () => client.call('user/invite').then((r) => r.data));
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  const info = state.data;
  // The server knows the path only; the app knows where it is served from.
  const link = `${window.location.origin}${info.registerPath}`;
  return (
    <div className="stack">
      <InviteLink code={info.inviteCode} link={link} />
      <InviteQr code={info.inviteCode} link={link} />
      <TeamTable levels={info.levels} currency={config?.currency ?? ''} />
      <RecentInvitees recent={info.recent} />
    </div>
  );
}
