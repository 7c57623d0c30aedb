// A receipt printer driven raw: on the shop's network on its TCP port (9100 on Epson, Elgin,
// Bematech and the generic Ethernet printers), or on a serial line (a COM port or a tty: serial
// printers, and USB ones whose driver shows them as a serial port), through `serialport`. The
// bytes go straight to it, no driver between, and the steps below are the same on both.
//
// A job is printed in three steps, each proven by the printer's own answer:
// 1. DLE EOT 1, 2 and 4 ask whether it can print (online, cover shut, paper). Three status bytes
//    come back at once; anything else means the address is no printer.
// 2. The job's body, then GS r 1. The printer answers GS r in turn, after it has printed all that
//    came before, so the answer proves the body is on paper.
// 3. The cut, then GS r 1 again: the answer proves the receipt is cut and done.
// A connection lost in step 2 leaves a copy without its cut: printing the job again whole is the
// same receipt. Lost in step 3, the first copy may be whole: a second one must say "2ª via".
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PrinterAddress } from '#shared/counter/paper-printer';

export type { PrinterAddress } from '#shared/counter/paper-printer';

/** Why a printer cannot print now, in the words the status bar uses. */
export type PrinterProblem = 'offline' | 'paper-out' | 'cover-open';

export type PrinterCondition = { ready: true; paperNearEnd: boolean } | { ready: false; problem: PrinterProblem };

export type PrintOutcome =
  | { kind: 'printed'; paperNearEnd: boolean }
  /** Nothing of the job reached the printer: it can be printed later as if for the first time. */
  | { kind: 'not-printed'; reason: 'unreachable' | 'no-answer' | 'not-a-printer' | PrinterProblem; detail: string }
  /**
   * Some of the job went out and the printer never confirmed the end. `mayBeWhole`: the body was
   * confirmed printed and the cut sent, so the first copy may be complete.
   */
  | { kind: 'interrupted'; mayBeWhole: boolean; detail: string };

/** Why a job did not print, in the one word the screens translate (the status bar's, the test's, the drawer's). */
export function problemOf(outcome: Exclude<PrintOutcome, { kind: 'printed' }>): string {
  return outcome.kind === 'interrupted' ? 'interrupted' : outcome.reason;
}

export interface RawPrintOptions {
  /** Connecting (default 3 s). */
  connectTimeoutMs?: number;
  /** The status answer before printing, and each GS r answer's wait beyond the time the bytes take (default 3 s). */
  answerTimeoutMs?: number;
  /** The slowest printer waited for, in bytes a second: 1 KB/s by default (a serial printer at 9600 baud). */
  slowestBytesPerSecond?: number;
  /** Called once the printer confirmed the body, before the cut is sent: the moment to record it. */
  beforeCut?: () => void;
}

const DLE = 0x10;
const EOT = 0x04;
const GS = 0x1d;
const STATUS_REQUEST = Uint8Array.of(DLE, EOT, 1, DLE, EOT, 2, DLE, EOT, 4);
const PRINTED_UP_TO_HERE = Uint8Array.of(GS, 0x72, 1);

/** Prints one job's body and cut, each confirmed (see the top of this file). Never throws. */
export async function printRaw(
  address: PrinterAddress,
  job: { body: Uint8Array; cut: Uint8Array },
  options: RawPrintOptions = {},
): Promise<PrintOutcome> {
  const answerTimeoutMs = options.answerTimeoutMs ?? 3_000;
  const slowest = options.slowestBytesPerSecond ?? 1_024;
  let connection: PrinterConnection;
  try {
    connection = await PrinterConnection.open(address, options.connectTimeoutMs ?? 3_000);
  } catch (error) {
    return { kind: 'not-printed', reason: 'unreachable', detail: describe(error) };
  }
  try {
    const condition = await askCondition(connection, answerTimeoutMs);
    if ('reason' in condition) return { kind: 'not-printed', ...condition };
    if (!condition.ready) return { kind: 'not-printed', reason: condition.problem, detail: condition.problem };

    let bodyPrinted = false;
    try {
      connection.write(job.body);
      connection.write(PRINTED_UP_TO_HERE);
      await connection.read(1, answerTimeoutMs + (job.body.length * 1000) / slowest);
      bodyPrinted = true;
      options.beforeCut?.();
      connection.write(job.cut);
      connection.write(PRINTED_UP_TO_HERE);
      const [paper] = await connection.read(1, answerTimeoutMs + (job.cut.length * 1000) / slowest);
      return { kind: 'printed', paperNearEnd: (paper! & 0x03) !== 0 };
    } catch (error) {
      return { kind: 'interrupted', mayBeWhole: bodyPrinted, detail: describe(error) };
    }
  } finally {
    await connection.close();
  }
}

/** Whether the printer at this address could print now ("Testar impressora", the status bar). Never throws. */
export async function printerCondition(
  address: PrinterAddress,
  options: RawPrintOptions = {},
): Promise<PrinterCondition | { reason: 'unreachable' | 'no-answer' | 'not-a-printer'; detail: string }> {
  let connection: PrinterConnection;
  try {
    connection = await PrinterConnection.open(address, options.connectTimeoutMs ?? 3_000);
  } catch (error) {
    return { reason: 'unreachable', detail: describe(error) };
  }
  try {
    return await askCondition(connection, options.answerTimeoutMs ?? 3_000);
  } finally {
    await connection.close();
  }
}

async function askCondition(
  connection: PrinterConnection,
  timeoutMs: number,
): Promise<PrinterCondition | { reason: 'no-answer' | 'not-a-printer'; detail: string }> {
  connection.write(STATUS_REQUEST);
  let answer: Uint8Array;
  try {
    answer = await connection.read(3, timeoutMs);
  } catch (error) {
    return { reason: 'no-answer', detail: describe(error) };
  }
  // Every ESC/POS status byte has bits 1 and 4 set and bits 0 and 7 clear.
  if (![...answer].every((byte) => (byte & 0x93) === 0x12))
    return { reason: 'not-a-printer', detail: `answered ${Buffer.from(answer).toString('hex')}` };
  const [printer, offlineCause, paperSensor] = answer as unknown as [number, number, number];
  if ((paperSensor & 0x60) !== 0 || (offlineCause & 0x20) !== 0) return { ready: false, problem: 'paper-out' };
  if ((offlineCause & 0x04) !== 0) return { ready: false, problem: 'cover-open' };
  if ((printer & 0x08) !== 0) return { ready: false, problem: 'offline' };
  return { ready: true, paperNearEnd: (paperSensor & 0x0c) !== 0 };
}

/** One TCP connection to a printer: writes, and reads of exact byte counts with a deadline. */
class PrinterConnection {
  private received = Buffer.alloc(0);
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(
    private readonly socket: Duplex,
    /** How this link ends (a serial port is closed, its lock released); a socket is destroyed. */
    private readonly end?: () => Promise<void>,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.wake?.();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the printer closed the connection')));
  }

  static open(address: PrinterAddress, timeoutMs: number): Promise<PrinterConnection> {
    if (address.kind === 'serial') return PrinterConnection.openSerial(address.path, address.baudRate, timeoutMs);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: address.host, port: address.port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no connection in ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new PrinterConnection(socket));
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
  private static async openSerial(path: string, baudRate: number, timeoutMs: number): Promise<PrinterConnection> {
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
        resolve(new PrinterConnection(port, () => new Promise((done) => port.close(() => done()))));
      });
    });
  }

  write(bytes: Uint8Array): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** The next `count` bytes the printer sends, or a rejection at the deadline or when the connection ends. */
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

  /** Ends the link; a serial port is closed (its lock released) before this resolves, so the next job can open it. */
  close(): Promise<void> {
    if (this.end && !this.socket.destroyed) return this.end();
    this.socket.destroy();
    return Promise.resolve();
  }
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}
