// Which host the page runs in. Electron's preload defines `window.counter` (it can print); the
// browser host (`npm run start:web`) cannot reach a printer, so there the receipt's main action
// is "Salvar PDF" and "Imprimir" is not offered at all.
export type CounterHost = 'electron' | 'browser';

export function counterHost(): CounterHost {
  return window.counter ? 'electron' : 'browser';
}

export function hostCanPrint(host: CounterHost = counterHost()): boolean {
  return host === 'electron';
}
