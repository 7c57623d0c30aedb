// A second start on a port already taken (another Balcão, another `npm run serve`) used to end
// with Node's raw "listen EADDRINUSE: address already in use 127.0.0.1:5174". Both command lines
// say it in one line instead, with the way out (--port): pt-BR for `npm run start:web` (the shop's
// own screen), English for `npm run serve` (the service's CLI, for integrators).

export type PortInUseCommand = 'start:web' | 'serve';

/** True for the error a listen() on a taken port throws. */
export function isPortInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/** The one line to print for a taken `port`, suggesting the next one. */
export function portInUseLine(command: PortInUseCommand, port: number): string {
  const next = port > 0 && port < 65535 ? port + 1 : 5175;
  if (command === 'start:web') {
    return `A porta ${port} já está em uso (outro Balcão aberto?). Feche-o ou escolha outra porta: npm run start:web -- --port ${next}`;
  }
  return `Port ${port} is already in use (is another server running?). Stop it or pick another port: npm run serve -- --port ${next}`;
}
