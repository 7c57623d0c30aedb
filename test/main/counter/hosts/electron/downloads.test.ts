import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { guardDownloads } from '#counter/hosts/electron/downloads';
import { FakeSession } from './fake-electron';

function download(url: string, mimeType = 'application/pdf') {
  return {
    getURL: () => url,
    getMimeType: () => mimeType,
    getFilename: () => 'recibo-E123.pdf',
    setSaveDialogOptions: vi.fn(),
  };
}

describe('receipt downloads', () => {
  const session = new FakeSession();
  guardDownloads(session as never, '/home/caixa/Documentos');

  it("offers a PDF save dialog in Documents for the page's own PDF blob", () => {
    const event = { preventDefault: vi.fn() };
    const item = download('blob:app://balcao/6a1f0c2e-1111-4222-8333-944445555666');
    session.emit('will-download', event, item);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(item.setSaveDialogOptions).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: '/home/caixa/Documentos/recibo-E123.pdf',
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      }),
    );
  });

  it("offers a CSV save dialog for the page's own sales export", () => {
    const event = { preventDefault: vi.fn() };
    const item = download('blob:app://balcao/6a1f0c2e-1111-4222-8333-944445555777', 'text/csv;charset=utf-8');
    session.emit('will-download', event, item);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(item.setSaveDialogOptions).toHaveBeenCalledWith(
      expect.objectContaining({ filters: [{ name: 'CSV', extensions: ['csv'] }] }),
    );
  });

  it.each([
    ['a remote CSV', 'https://evil.example/vendas.csv', 'text/csv'],
    ['a remote file', 'https://evil.example/update.exe', 'application/octet-stream'],
    ['a remote PDF', 'https://evil.example/recibo.pdf', 'application/pdf'],
    ["another origin's blob", 'blob:https://evil.example/6a1f0c2e', 'application/pdf'],
    ['our blob that is not a PDF', 'blob:app://balcao/6a1f0c2e', 'text/html'],
  ])('cancels %s', (_what, url, mimeType) => {
    const event = { preventDefault: vi.fn() };
    session.emit('will-download', event, download(url, mimeType));
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
