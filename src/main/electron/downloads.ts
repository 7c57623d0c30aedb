// "Salvar PDF" in Electron: the renderer downloads the receipt as a blob: URL of its own; here
// that becomes a native save dialog in the user's Documents, PDF only. Any other download is
// cancelled: nothing remote is ever fetched, and the page cannot drop other files on disk.
import { join } from 'node:path';
import type { Session } from 'electron';
import { isOwnBlobUrl } from './app-origin';

export function guardDownloads(session: Session, documentsDir: string): void {
  session.on('will-download', (event, item) => {
    if (!isOwnBlobUrl(item.getURL()) || item.getMimeType() !== 'application/pdf') {
      event.preventDefault();
      return;
    }
    item.setSaveDialogOptions({
      title: 'Salvar recibo em PDF',
      defaultPath: join(documentsDir, item.getFilename()),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
  });
}
