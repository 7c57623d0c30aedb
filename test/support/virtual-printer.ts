// A receipt printer on a TCP port, as a LAN printer's port 9100 is: it reads the bytes it is
// sent as a printer does (escpos-decoder.ts), answers status requests (DLE EOT at once; GS r in
// turn, once what came before it is printed), and keeps the paper it printed for the test to read
// and for a person to look at (virtual-paper-png.ts). It fails on cue: it refuses connections,
// stalls (reads nothing), drops the connection after some bytes, reads slowly, runs out of paper
// or has its cover open. It speaks ESC/POS, or ESC/Daruma when started so (status by ENQ and
// GS ENQ, answered at once). Besides its TCP port it can be a named pipe (a FIFO), standing for
// a printer the app writes as a file (a Windows share, /dev/usb/lp0): bytes in, nothing back.
//
// Not a mock: the app's transport sees a real socket and real status bytes, and what the paper
// holds is only what the bytes said.
import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { decodeEscPos, sheetsOf, type PrintedBlock, type PrinterLanguage, type StatusRequest } from './escpos-decoder';

export type PrinterFault =
  | { kind: 'none' }
  /** Connections are closed as soon as they open (a port that answers, then hangs up). */
  | { kind: 'refuse' }
  /** Accepts and never reads or answers. */
  | { kind: 'stall' }
  /** Drops the connection once this many bytes of print data have arrived (status requests aside). */
  | { kind: 'drop-after'; bytes: number }
  /** Reads this many bytes a second. */
  | { kind: 'slow'; bytesPerSecond: number }
  /** Answers whether it can print, then reads nothing more (a printer hung mid-job). */
  | { kind: 'stall-after-status' }
  /** Drops the connection right after sending its `answers`-th status byte (3 answer the DLE EOTs, the 4th a job's first GS r). */
  | { kind: 'drop-after-answers'; answers: number };

export interface VirtualPrinter {
  host: string;
  port: number;
  /** "127.0.0.1:PORT", as the owner types it in Configurações. */
  address: string;
  /** Everything printed, sheet by sheet (a sheet ends at its cut; an uncut tail is a sheet too). */
  sheets(): PrintedBlock[][];
  /** Everything printed, in order, across connections. */
  blocks(): PrintedBlock[];
  /** Connections opened so far. */
  connections(): number;
  /** Why each stream it could not read was dropped (bytes that are no command of its language). */
  garbled(): string[];
  /** Resolves once `count` cuts in all have reached the paper (receipts whole), with when the last one did. */
  cutsReached(count: number, timeoutMs?: number): Promise<number>;
  setPaper(state: 'ok' | 'near-end' | 'out'): void;
  setCover(state: 'closed' | 'open'): void;
  setFault(fault: PrinterFault): void;
  /**
   * Also reads from a named pipe made at `path`, as a printer reads its USB line: what is
   * written there prints like a connection's bytes, and nothing is answered.
   */
  listenOnFifo(path: string): void;
  close(): Promise<void>;
}

// Status bytes as Epson documents them: bits 1 and 4 always set, bits 0 and 7 always clear.
const FIXED = 0x12;

export async function startVirtualPrinter({
  language = 'esc-pos',
}: { language?: PrinterLanguage } = {}): Promise<VirtualPrinter> {
  const daruma = language === 'esc-daruma';
  /** Status answers that say whether it can print, before a job: DLE EOT 1, 2, 4 or ENQ, GS ENQ. */
  const conditionAnswers = daruma ? 2 : 3;
  let paper: 'ok' | 'near-end' | 'out' = 'ok';
  let cover: 'closed' | 'open' = 'closed';
  let fault: PrinterFault = { kind: 'none' };
  let connectionCount = 0;
  /** Per connection: the bytes read so far (a job dropped midway prints what arrived, as paper does). */
  const streams: { bytes: Buffer; printedUpTo: number; answered: number }[] = [];
  const sockets = new Set<Socket>();
  /** Cuts printed per stream, and who waits for a total. */
  const cutsOf = new Map<object, number>();
  const cutWaiters = new Set<{ count: number; resolve: (at: number) => void }>();
  const totalCuts = () => [...cutsOf.values()].reduce((sum, n) => sum + n, 0);
  const noteCuts = (stream: object, blocksPrinted: readonly { kind: string }[]) => {
    cutsOf.set(stream, blocksPrinted.filter((block) => block.kind === 'cut').length);
    const total = totalCuts();
    for (const waiter of [...cutWaiters])
      if (total >= waiter.count) {
        cutWaiters.delete(waiter);
        waiter.resolve(performance.now());
      }
  };
  const waitingForPaper = new Set<() => void>();
  const garbled: string[] = [];

  const canPrint = () => paper !== 'out' && cover === 'closed';
  /** Paper back, cover shut: what waited prints, and the GS r behind it is answered. */
  const resumeWaiting = () => {
    if (!canPrint()) return;
    const resumes = [...waitingForPaper];
    waitingForPaper.clear();
    for (const resume of resumes) resume();
  };

  const statusByte = (request: StatusRequest, holding: boolean): number => {
    // ESC/Daruma, as ACBr reads it. ENQ: bit 0 printing (data held), bit 4 online, bit 5 paper
    // out, bit 7 cover open. GS ENQ: bit 0 near end, bit 1 paper out, bit 3 offline, bit 4 set
    // while the cover is shut.
    if (request.command === 'enq')
      return (
        (holding ? 0x01 : 0) | (canPrint() ? 0x10 : 0) | (paper === 'out' ? 0x20 : 0) | (cover === 'open' ? 0x80 : 0)
      );
    if (request.command === 'gs-enq')
      return (
        (paper === 'near-end' || paper === 'out' ? 0x01 : 0) |
        (paper === 'out' ? 0x02 : 0) |
        (canPrint() ? 0 : 0x08) |
        (cover === 'closed' ? 0x10 : 0)
      );
    if (request.command === 'gs-r') return paper === 'out' ? 0x0f : paper === 'near-end' ? 0x03 : 0x00;
    switch (request.n) {
      case 1: // printer status: bit 3 offline
        return FIXED | 0x04 | (canPrint() ? 0 : 0x08);
      case 2: // offline cause: bit 2 cover open, bit 5 stopped by paper end
        return FIXED | (cover === 'open' ? 0x04 : 0) | (paper === 'out' ? 0x20 : 0);
      case 3: // error cause: none
        return FIXED;
      case 4: // paper roll sensor: bits 2-3 near end, bits 5-6 end
        return FIXED | (paper === 'near-end' || paper === 'out' ? 0x0c : 0) | (paper === 'out' ? 0x60 : 0);
      default:
        return FIXED;
    }
  };

  const handle = (socket: Socket, { answers = true } = {}) => {
    connectionCount++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (fault.kind === 'refuse') return void socket.destroy();
    if (fault.kind === 'stall') return void socket.pause();
    const stream = { bytes: Buffer.alloc(0), printedUpTo: 0, answered: 0 };
    streams.push(stream);
    let printData = 0;

    const process = () => {
      // Real-time requests are answered as they arrive, even while the printer cannot print.
      let decoded: ReturnType<typeof decodeEscPos>;
      try {
        decoded = decodeEscPos(stream.bytes, { partial: true, language });
      } catch (error) {
        // Bytes that are no command of its language: noted for the test, and the line dropped
        // (a real printer would print garbage or hang; either way the job is not printed).
        garbled.push((error as Error).message);
        socket.destroy();
        return;
      }
      const requests = decoded.statusRequests;
      if (canPrint()) {
        stream.printedUpTo = decoded.consumed;
        noteCuts(stream, decoded.blocks);
      }
      const holding = stream.printedUpTo < decoded.consumed;
      while (stream.answered < requests.length) {
        const request = requests[stream.answered]!;
        // GS r waits its turn: with no paper, nothing after the paper ran out is printed or answered.
        if (request.command === 'gs-r' && !canPrint()) {
          waitingForPaper.add(process);
          break;
        }
        if (answers) socket.write(Buffer.of(statusByte(request, holding)));
        stream.answered++;
        if (fault.kind === 'stall-after-status' && stream.answered >= conditionAnswers) {
          socket.pause();
          break;
        }
        if (fault.kind === 'drop-after-answers' && stream.answered >= fault.answers) {
          socket.end();
          socket.destroySoon();
          break;
        }
      }
      if (!canPrint()) waitingForPaper.add(process);
    };

    const accept = (chunk: Buffer) => {
      stream.bytes = Buffer.concat([stream.bytes, chunk]);
      printData += chunk.length;
      process();
      if (fault.kind === 'drop-after' && printData >= fault.bytes) socket.destroy();
    };

    socket.on('data', (chunk: Buffer) => {
      if (fault.kind === 'drop-after') {
        const room = fault.bytes - printData;
        accept(chunk.subarray(0, Math.max(0, room)));
        return;
      }
      if (fault.kind !== 'slow') return accept(chunk);
      // Read at the fault's pace: pause the socket and take the chunk a slice at a time.
      socket.pause();
      const perTick = Math.max(1, Math.round(fault.bytesPerSecond / 10));
      let offset = 0;
      const timer = setInterval(() => {
        accept(chunk.subarray(offset, offset + perTick));
        offset += perTick;
        if (offset >= chunk.length || socket.destroyed) {
          clearInterval(timer);
          socket.resume();
        }
      }, 100);
    });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const blocks = () =>
    streams.flatMap(
      (stream) => decodeEscPos(stream.bytes.subarray(0, stream.printedUpTo), { partial: true, language }).blocks,
    );
  const fifos: { path: string; socket: Socket }[] = [];

  return {
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    blocks,
    sheets: () => sheetsOf(blocks()),
    connections: () => connectionCount,
    garbled: () => [...garbled],
    cutsReached: (count, timeoutMs = 30_000) =>
      new Promise<number>((resolve, reject) => {
        if (totalCuts() >= count) return resolve(performance.now());
        const waiter = { count, resolve };
        cutWaiters.add(waiter);
        setTimeout(() => {
          if (cutWaiters.delete(waiter)) reject(new Error(`${count} cuts not reached in ${timeoutMs} ms`));
        }, timeoutMs).unref();
      }),
    setPaper(state) {
      paper = state;
      resumeWaiting();
    },
    setCover(state) {
      cover = state;
      resumeWaiting();
    },
    setFault(next) {
      fault = next;
    },
    listenOnFifo(path) {
      execFileSync('mkfifo', [path]);
      // Opened for reading and writing, so it never sees the end of the file between one writer
      // and the next (a printer's line stays up), and without blocking, so it can be polled.
      const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
      const socket = new Socket({ fd, readable: true, writable: false });
      fifos.push({ path, socket });
      handle(socket, { answers: false });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { socket } of fifos) socket.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
