import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';

/** A QR code of the invitation link, and a button that saves it as a PNG image. */
export function InviteQr({ code, link }: { readonly code: string; readonly link: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    let url: string;
    try {
      const c = canvas.current;
      if (!c?.getContext('2d')) throw new Error('no canvas');
      url = c.toDataURL('image/png');
    } catch {
      setError('msg.no_canvas');
      return;
    }
    setError(null);
    const a = document.createElement('a');
    a.href = url;
    a.download = `invite-${code}.png`;
    a.click();
  };
  return (
    <section className="card invite-qr" aria-labelledby="invite-qr-title">
      <h2 id="invite-qr-title">{t('invite.qr')}</h2>
      {/* A light margin and background keep it scannable on the dark theme and in the saved image. */}
      <QRCodeCanvas ref={canvas} value={link} size={200} marginSize={2} level="M" role="img" aria-label={t('invite.qr_label', { link })} className="invite-qr__code" />
      <button type="button" className="button button--ghost button--block" onClick={save}>
        {t('invite.save_qr')}
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
