// Which host the page runs in. Electron's preload defines `window.balcao` (it can print); the
// browser host (`npm run start:web`) cannot reach a printer, so there the receipt's main action
// is "Salvar PDF" and "Imprimir" is not offered at all.
export type PosHost = 'electron' | 'browser';

export function posHost(): PosHost {
  return window.balcao ? 'electron' : 'browser';
}

export function hostCanPrint(host: PosHost = posHost()): boolean {
  return host === 'electron';
}
