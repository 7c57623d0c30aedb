// A serial line to the virtual printer: a pseudo-terminal pair (Python's pty module, so no native
// module and nothing to install beyond python3), its far end relayed to the virtual printer's TCP
// port. The app opens the near end as it would /dev/ttyUSB0 and speaks to it through serialport:
// real serial-port calls on a real tty, the virtual printer reading the bytes as paper would.
import { spawn, type ChildProcess } from 'node:child_process';

const RELAY = String.raw`
import os, pty, select, socket, sys, tty
master, slave = pty.openpty()
tty.setraw(slave)
tty.setraw(master)
print(os.ttyname(slave), flush=True)
link = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
while True:
    ready, _, _ = select.select([master, link], [], [])
    if master in ready:
        data = os.read(master, 4096)
        if not data:
            break
        link.sendall(data)
    if link in ready:
        data = link.recv(4096)
        if not data:
            break
        os.write(master, data)
`;

export interface SerialLine {
  /** The tty the app opens ("/dev/pts/N"). */
  path: string;
  close(): Promise<void>;
}

/** A tty whose bytes reach the virtual printer listening on `port`, and whose answers come back. */
export function serialLineTo(port: number): Promise<SerialLine> {
  const child: ChildProcess = spawn('python3', ['-c', RELAY, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({
        path: chunk.toString().trim(),
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      }),
    );
  });
}
