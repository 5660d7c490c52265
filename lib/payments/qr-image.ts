import QRCode from "qrcode";

/** A QR image (PNG data URL) of a Pix copy-paste code: what the Pix screen shows beside the code. */
export function qrImageOf(pixCode: string): Promise<string> {
  return QRCode.toDataURL(pixCode, { errorCorrectionLevel: "M", margin: 1, width: 256 });
}
