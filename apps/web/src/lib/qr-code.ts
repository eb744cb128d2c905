import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** `text` as a QR code image (a data URL), drawn in the browser; null while it is drawn, or if that failed. */
export function useQrCode(text: string, width: number): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    // A late answer for a text no longer shown is dropped.
    let alive = true;
    QRCode.toDataURL(text, { margin: 1, width, errorCorrectionLevel: "M" }).then(
      (url) => alive && setQr(url),
      () => alive && setQr(null),
    );
    return () => {
      alive = false;
    };
  }, [text, width]);
  return qr;
}
