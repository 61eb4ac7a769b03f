import { useTranslation } from '../../i18n/translation.tsx';
import type { SignedInDevice } from '../../../contract/sessions.ts';
import { formatDateTime } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';
import { deviceLabel } from './deviceLabel.ts';

interface Props {
  readonly device: SignedInDevice;
  /** Asks to sign this device out (never offered for this device: Mine's "Log out" does that). */
  readonly onSignOut: (device: SignedInDevice) => void;
}

/** One signed-in device: what it is, when it signed in and was last used, and its sign-out. */
export function DeviceCard({ device, onSignOut }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = deviceLabel(t, device);
  const headingId = `device-${device.id}`;
  return (
    <li className="card device-card" aria-labelledby={headingId}>
      <div className="device-card__head">
        <h2 id={headingId} className="device-card__name">
          {label}
        </h2>
        {device.current ? <span className="badge device-card__badge">{t('devices.this_device')}</span> : null}
      </div>
      <p className="muted">{t('devices.signed_in', { time: formatDateTime(device.signedInAt, lang) })}</p>
      <p className="muted">{device.current ? t('devices.active_now') : t('devices.last_active', { time: formatDateTime(device.lastActiveAt, lang) })}</p>
      {device.current ? null : (
        <button type="button" className="button button--ghost" aria-label={t('devices.sign_out_device', { device: label })} onClick={() => onSignOut(device)}>
          {t('devices.sign_out')}
        </button>
      )}
    </li>
  );
}
