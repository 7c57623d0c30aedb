// "Salvar PDF", for a receipt (receipts/) and a register report (register/): the file arrives as
// base64 over the bridge and leaves as a Blob download, so no file path or Node API is needed in
// the renderer.
import type { ReceiptFile } from '#shared/counter/counter-api';

export function pdfBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function downloadPdf(file: ReceiptFile): void {
  const url = URL.createObjectURL(new Blob([pdfBytes(file.pdfBase64)], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
