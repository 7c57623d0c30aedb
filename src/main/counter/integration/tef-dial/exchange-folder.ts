// The exchange folder on disk, as a Gerenciador Padrão keeps it: the PDV's requests in REQ, the
// answers in RESP, and (ours) BALCAO, where the requests taken but not yet answered wait, so a
// counter that restarts mid-sale still answers them.
//
// Every file is written whole or not at all: to a temporary name in the same folder, flushed,
// then renamed over the real name. A PDV polling RESP never reads half an answer, and our
// temporary names are never IntPos.*, which the PDV looks for.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface RequestFile {
  /** The name as the PDV wrote it ("IntPos.001", "intpos.001"): the answers follow its case. */
  name: string;
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}

/** A request taken (its status file written) and not yet answered. */
export interface PendingRequest {
  orderId: string;
  header: string;
  id: string;
  document?: string;
  value: string;
  cents: number;
  /** The request file's name, for the answer's case. */
  name: string;
  takenAt: string;
}

/** Windows refuses a rename over a file another program has open for a moment: try a few times. */
const RENAME_TRIES = 20;
const RENAME_PAUSE_MS = 50;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** A pending request's file name: the order id with no path separators. */
function pendingName(orderId: string): string {
  return `${orderId.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}

export class ExchangeFolder {
  private resolved: { req: string; resp: string; pending: string } | undefined;

  constructor(readonly root: string) {}

  /**
   * REQ and RESP as they exist whatever their case (a PDV made "req" and "resp"), made if
   * missing; and BALCAO/pendentes.
   */
  private async dirs(): Promise<{ req: string; resp: string; pending: string }> {
    if (this.resolved) return this.resolved;
    await mkdir(this.root, { recursive: true });
    const entries = await readdir(this.root, { withFileTypes: true });
    const named = (wanted: string) =>
      entries.find((entry) => entry.isDirectory() && entry.name.toLowerCase() === wanted.toLowerCase())?.name ?? wanted;
    const dirs = {
      req: join(this.root, named('REQ')),
      resp: join(this.root, named('RESP')),
      pending: join(this.root, 'BALCAO', 'pendentes'),
    };
    for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
    this.resolved = dirs;
    return dirs;
  }

  /** REQ/IntPos.001 (in any case) if the PDV left one; the PDV's IntPos.tmp is not one yet. */
  async request(): Promise<RequestFile | undefined> {
    const { req } = await this.dirs();
    const name = (await readdir(req)).find((entry) => entry.toLowerCase() === 'intpos.001');
    if (!name) return undefined;
    try {
      const path = join(req, name);
      const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
      return { name, bytes, size: info.size, mtimeMs: info.mtimeMs };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Removes the request, once it was acknowledged (and, if it waits, kept in BALCAO). */
  async removeRequest(name: string): Promise<void> {
    const { req } = await this.dirs();
    await unlink(join(req, name)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  /** RESP/IntPos.Sts: the request was taken. */
  async writeStatus(bytes: Buffer, requestName: string): Promise<void> {
    const { resp } = await this.dirs();
    await this.writeWhole(resp, lowerLike(requestName, 'IntPos.Sts'), bytes);
  }

  /** RESP/IntPos.001: the answer. */
  async writeAnswer(bytes: Buffer, requestName: string): Promise<void> {
    const { resp } = await this.dirs();
    await this.writeWhole(resp, lowerLike(requestName, 'IntPos.001'), bytes);
  }

  async savePending(pending: PendingRequest): Promise<void> {
    const dirs = await this.dirs();
    await this.writeWhole(dirs.pending, pendingName(pending.orderId), Buffer.from(JSON.stringify(pending), 'utf8'));
  }

  async dropPending(orderId: string): Promise<void> {
    const dirs = await this.dirs();
    await unlink(join(dirs.pending, pendingName(orderId))).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  /** The requests taken and not answered (a file that does not read as one is skipped). */
  async pendings(): Promise<PendingRequest[]> {
    const dirs = await this.dirs();
    const found: PendingRequest[] = [];
    for (const name of (await readdir(dirs.pending)).filter((entry) => entry.endsWith('.json'))) {
      try {
        const value = JSON.parse(await readFile(join(dirs.pending, name), 'utf8')) as PendingRequest;
        if (typeof value.orderId === 'string' && typeof value.cents === 'number') found.push(value);
      } catch {
        // A damaged entry answers nothing; it stays for a person to look at.
      }
    }
    return found;
  }

  /** One line added to BALCAO/confirmacoes.txt: what the PDV said of a transaction (CNF, NCN). */
  async record(line: string): Promise<void> {
    await this.dirs();
    await appendFile(join(this.root, 'BALCAO', 'confirmacoes.txt'), `${line}\r\n`, 'utf8');
  }

  private async writeWhole(dir: string, name: string, bytes: Buffer): Promise<void> {
    const temporary = join(dir, `balcao-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await rename(temporary, join(dir, name));
        return;
      } catch (error) {
        if (attempt >= RENAME_TRIES) {
          await unlink(temporary).catch(() => undefined);
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, RENAME_PAUSE_MS));
      }
    }
  }
}

/** "intpos.sts" when the PDV wrote "intpos.001": case matters where the folder is not Windows'. */
function lowerLike(requestName: string, name: string): string {
  return requestName === requestName.toLowerCase() ? name.toLowerCase() : name;
}
