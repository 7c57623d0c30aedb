// "Salvar PDF" and "Exportar CSV" in Electron: the renderer downloads the receipt or the sales
// file as a blob: URL of its own; here that becomes a native save dialog in the user's Documents,
// PDF or CSV only. Any other download is cancelled: nothing remote is ever fetched, and the page
// cannot drop other files on disk.
import { join } from 'node:path';
import type { Session } from 'electron';
import { isOwnBlobUrl } from './app-origin';

/** What the page may save, by MIME type (without parameters such as charset). */
const SAVABLE: Record<string, { title: string; filter: { name: string; extensions: string[] } }> = {
  'application/pdf': { title: 'Salvar recibo em PDF', filter: { name: 'PDF', extensions: ['pdf'] } },
  'text/csv': { title: 'Salvar vendas em CSV', filter: { name: 'CSV', extensions: ['csv'] } },
};

export function guardDownloads(session: Session, documentsDir: string): void {
  session.on('will-download', (event, item) => {
    const kind = SAVABLE[item.getMimeType().split(';')[0]!.trim().toLowerCase()];
    if (!isOwnBlobUrl(item.getURL()) || !kind) {
      event.preventDefault();
      return;
    }
    item.setSaveDialogOptions({
      title: kind.title,
      defaultPath: join(documentsDir, item.getFilename()),
      filters: [kind.filter],
    });
  });
}
