import { useSetAtom } from 'jotai';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { downloadBlob } from '../../money/download.ts';
import { showToastAtom } from '../../state/toast.ts';

const QR_PX = 200;

/** The deposit address as a QR code on a canvas, which the member can save as a PNG. */
export function AddressQr({ address }: { readonly address: string }) {
  const { t } = useTranslation();
  const toast = useSetAtom(showToastAtom);
  const canvas = useRef<HTMLCanvasElement>(null);
  const save = () => {
    const c = canvas.current;
    // Spec 8: a browser without canvas gets its own message.
    if (!c?.getContext || !c.toBlob) {
      toast('msg.no_canvas');
      return;
    }
    c.toBlob((blob) => (blob ? downloadBlob(blob, `deposit-address-${address.slice(0, 8)}.png`) : toast('msg.no_canvas')), 'image/png');
  };
  return (
    <div className="qr">
      <QRCodeCanvas ref={canvas} value={address} size={QR_PX} marginSize={2} role="img" aria-label={t('deposit.qr')} />
      <button type="button" className="button button--ghost" onClick={save}>
        {t('deposit.save_qr')}
      </button>
    </div>
  );
}
