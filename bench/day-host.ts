// The browser host as the day bench runs it: the built start-web, as `npm run start:web` runs it,
// plus a GC hook loaded from the bench (bench/host-gc-hook.mjs, `--expose-gc`), so its memory can
// be read after a full GC. The product has no such hook: only this command line adds it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtCommand } from '../test/support/child-process';
import { stopChild } from '../test/e2e/browser-host-process';

const GC_HOOK = pathToFileURL(resolve(import.meta.dirname, 'host-gc-hook.mjs')).href;
const GC_LINE = /^balcao-bench-gc (\{.*\})$/;

/** The host's memory right after a full GC (process.memoryUsage and /proc/self/status, in bytes and kB). */
export interface HostMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  vmRssKb: number;
  vmHwmKb: number;
  rssAnonKb: number;
  rssFileKb: number;
  /** V8's committed size of each heap space (new_space, old_space, code_space, …), in bytes. */
  spaces: Record<string, number>;
}

export interface DayHost {
  url: string;
  origin: string;
  token: string;
  pid: number;
  dataDir: string;
  /** Runs a full GC in the host and resolves with its memory after it. */
  memoryAfterGc(): Promise<HostMemory>;
  stop(): Promise<void>;
}

export async function startDayHost(options: { args?: string[]; env?: Record<string, string> } = {}): Promise<DayHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-day-'));
  const built = builtCommand('start-web', ['--port', '0', '--data', dataDir, ...(options.args ?? [])], {
    BALCAO_BENCH_GC: '1',
    ...options.env,
  });
  const child = spawn(built.command, ['--expose-gc', '--import', GC_HOOK, ...built.args], {
    ...built.options,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const gcWaiters: ((memory: HostMemory) => void)[] = [];
  let stderr = '';
  let stderrLine = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const parts = (stderrLine + chunk.toString()).split('\n');
    stderrLine = parts.pop()!;
    for (const line of parts) {
      const gc = GC_LINE.exec(line);
      if (gc) gcWaiters.shift()?.(JSON.parse(gc[1]!) as HostMemory);
      else stderr += `${line}\n`;
    }
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let buffer = '';
    let listening: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (buffer + chunk.toString()).split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        listening ??= /^Listening on (\S+)$/.exec(line)?.[1];
        if (listening && /^AppID: \S+$/.test(line)) resolveUrl(listening);
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited (${code}) before announcing itself: ${stderr}`)));
    setTimeout(() => reject(new Error(`browser host did not announce itself in 30 s: ${stderr}`)), 30_000).unref();
  });
  return {
    url,
    origin: new URL(url).origin,
    token: new URL(url).searchParams.get('token') ?? '',
    pid: child.pid!,
    dataDir,
    memoryAfterGc() {
      return new Promise((resolveMemory, reject) => {
        const timer = setTimeout(() => reject(new Error('the host did not answer the GC signal in 30 s')), 30_000);
        gcWaiters.push((memory) => {
          clearTimeout(timer);
          resolveMemory(memory);
        });
        child.kill('SIGUSR2');
      });
    },
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
