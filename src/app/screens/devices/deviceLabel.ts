import type { TFunction } from 'i18next';
import type { SignedInDevice } from '../../../contract/sessions.ts';

/** "Chrome 131 on Android" in the member's language; what the server did not recognise is said to be unknown. */
export function deviceLabel(t: TFunction, d: Pick<SignedInDevice, 'browser' | 'os'>): string {
  if (d.browser === '' && d.os === '') return t('devices.unknown_device');
  return t('devices.device', { browser: d.browser || t('devices.unknown_browser'), os: d.os || t('devices.unknown_os') });
}
