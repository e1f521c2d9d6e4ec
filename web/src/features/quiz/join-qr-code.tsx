import { toString as qrCodeSvg } from "qrcode";
import { useEffect, useState } from "react";

/** The join link as a QR code, dark on white so that phones read it from across a room. */
export function JoinQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeSvg(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#111827", light: "#ffffff" } })
      .then((markup) => {
        if (current) setSvg(markup);
      })
      .catch(() => {
        if (current) setSvg(null);
      });
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} data-testid="quiz-qr-code" />
  );
}
