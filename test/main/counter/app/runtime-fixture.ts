// A real counter runtime (real engine, real SQLite files) in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCounterRuntime, type CounterRuntime, type CounterRuntimeOptions } from '#counter/app/counter-runtime';
import { noPrinting } from '#counter/ports/printing-port';
import type { SecretStore } from '#counter/app/settings-file';

export class MemorySecretStore implements SecretStore {
  readonly storage = 'memory' as const;
  value: string | null = null;
  get() {
    return this.value;
  }
  set(value: string | null) {
    this.value = value;
  }
}

export interface RuntimeFixture {
  runtime: CounterRuntime;
  secrets: MemorySecretStore;
  dataDir: string;
  dispose(): Promise<void>;
}

export function openRuntime(overrides: Partial<CounterRuntimeOptions> = {}): RuntimeFixture {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'balcao-app-'));
  const secrets = new MemorySecretStore();
  const runtime = createCounterRuntime({
    dataDir,
    secretStore: secrets,
    printing: noPrinting('sem impressora nos testes'),
    // Refunds settle quickly so the tests can watch them reach CONFIRMED.
    engineConfig: { refundSettlementMs: 100 },
    pollIntervalMs: 200,
    // Every answer of every test through this runtime is parsed with its method's output schema,
    // and every refusal's code checked against the method's error list (counter-call.ts).
    checkAnswers: true,
    ...overrides,
  });
  return {
    runtime,
    secrets,
    dataDir,
    async dispose() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function isPdf(base64: string): boolean {
  return Buffer.from(base64, 'base64').subarray(0, 5).toString('latin1') === '%PDF-';
}

export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
