// A text file made in the renderer (the sales CSV) saved as a Blob download: the browser host
// saves it like any download, Electron turns it into a save dialog (src/main/counter/hosts/electron/downloads.ts).
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
