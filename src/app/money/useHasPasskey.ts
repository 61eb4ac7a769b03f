import { passkeysSupported } from '../hooks/passkeyCeremony.ts';
import { useMemberCall } from './useMemberCall.ts';

/** Whether to offer "Confirm with passkey": this browser has passkeys and the member has added one. */
export function useHasPasskey(): boolean {
  const passkeys = useMemberCall('passkeys', (c) => (passkeysSupported() ? c.call('passkey/list').then((r) => r.data.items.length > 0) : Promise.resolve(false)));
  return passkeys.state?.status === 'ok' && passkeys.state.data;
}
