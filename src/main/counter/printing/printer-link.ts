// The line to a receipt printer, whatever it runs on: a TCP connection to its raw port (9100 on
// network printers), a serial port (serial printers, and USB ones whose driver shows them as one),
// or a file the system passes to the printer: a Windows printer share ("\\localhost\NAME", the
// bytes written as a file, as `copy /b` does) or Linux's USB printer device (/dev/usb/lp0). The
// first two carry the printer's answers back; a file carries nothing back, so what was written is
// all the app can know (`answers: false`).
import { constants, type promises as fsPromises } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PrinterAddress } from '#shared/counter/paper-printer';

export interface PrinterLink {
  /** Whether the printer's answers come back on this line (status requests can be made). */
  readonly answers: boolean;
  /** Queues bytes for the printer. */
  write(bytes: Uint8Array): void;
  /** Resolves once every byte written so far has left the app (the system took them), or rejects at the deadline. */
  flush(timeoutMs: number): Promise<void>;
  /** The next `count` bytes the printer sends, or a rejection at the deadline or when the line ends. */
  read(count: number, timeoutMs: number): Promise<Uint8Array>;
  /** Ends the line; a serial port or a file is closed (its lock released) before this resolves. */
  close(): Promise<void>;
}

export async function openPrinterLink(address: PrinterAddress, timeoutMs: number): Promise<PrinterLink> {
  if (address.kind === 'serial') return openSerial(address.path, address.baudRate, timeoutMs);
  if (address.kind === 'file') return FileLink.open(address.path, timeoutMs);
  return openTcp(address.host, address.port, timeoutMs);
}

function openTcp(host: string, port: number, timeoutMs: number): Promise<PrinterLink> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(new StreamLink(socket));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * A serial line: 8 data bits, no parity, 1 stop bit, as receipt printers leave the factory.
 * serialport (a native binding) is loaded only here, so a machine where it cannot load still
 * starts, and prints to network printers.
 */
async function openSerial(path: string, baudRate: number, timeoutMs: number): Promise<PrinterLink> {
  const { SerialPort: Serial } = await import('serialport');
  return new Promise((resolve, reject) => {
    const port = new Serial({ path, baudRate, autoOpen: false });
    const timer = setTimeout(() => {
      port.destroy();
      reject(new Error(`${path} did not open in ${timeoutMs} ms`));
    }, timeoutMs);
    port.open((error) => {
      clearTimeout(timer);
      if (error) return reject(error);
      resolve(new StreamLink(port, () => new Promise((done) => port.close(() => done()))));
    });
  });
}

/** A socket or a serial port: both carry the printer's answers. */
class StreamLink implements PrinterLink {
  readonly answers = true;
  private received = Buffer.alloc(0);
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly stream: Duplex,
    /** How this link ends (a serial port is closed, its lock released); a socket is destroyed. */
    private readonly end?: () => Promise<void>,
  ) {
    stream.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.wake?.();
    };
    stream.on('error', fail);
    stream.on('close', () => fail(new Error('the printer closed the connection')));
  }

  write(bytes: Uint8Array): void {
    if (!this.stream.destroyed) this.stream.write(bytes);
  }

  flush(timeoutMs: number): Promise<void> {
    return withDeadline(
      new Promise<void>((resolve, reject) => {
        if (this.failure) return reject(this.failure);
        // An empty write's callback runs once all queued before it has been handed to the system.
        this.stream.write(new Uint8Array(), (error) => (error ? reject(error) : resolve()));
      }),
      timeoutMs,
    );
  }

  async read(count: number, timeoutMs: number): Promise<Uint8Array> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer in ${Math.round(timeoutMs)} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    const answer = this.received.subarray(0, count);
    this.received = this.received.subarray(count);
    return answer;
  }

  close(): Promise<void> {
    if (this.end && !this.stream.destroyed) return this.end();
    this.stream.destroy();
    return Promise.resolve();
  }
}

/**
 * A printer share or a printer device, written as a file. Opened for writing only and never
 * created: a share that is not there, or a USB printer unplugged (its device gone), is a failure
 * to open, not a new file. A write the system holds (a printer stalled on its USB line) cannot be
 * taken back: the deadline gives up waiting, and the file is closed when the write ends.
 */
class FileLink implements PrinterLink {
  readonly answers = false;
  private pending: Promise<unknown> = Promise.resolve();

  private constructor(private readonly file: fsPromises.FileHandle) {}

  static async open(path: string, timeoutMs: number): Promise<PrinterLink> {
    const opening = openFile(path, constants.O_WRONLY);
    try {
      return new FileLink(await withDeadline(opening, timeoutMs));
    } catch (error) {
      // Opened after the deadline: closed, so nothing holds the printer.
      void opening.then((file) => file.close()).catch(() => undefined);
      throw error;
    }
  }

  write(bytes: Uint8Array): void {
    const copy = Uint8Array.from(bytes);
    this.pending = this.pending.then(() => this.file.write(copy));
  }

  flush(timeoutMs: number): Promise<void> {
    return withDeadline(
      this.pending.then(() => undefined),
      timeoutMs,
    );
  }

  read(): Promise<Uint8Array> {
    return Promise.reject(new Error('a printer written as a file sends nothing back'));
  }

  async close(): Promise<void> {
    const closing = this.pending.catch(() => undefined).then(() => this.file.close());
    // A write still held by the system closes the file when it ends; the job does not wait for it.
    await withDeadline(closing, 1_000).catch(() => undefined);
  }
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no progress in ${Math.round(timeoutMs)} ms`)), timeoutMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
