// The receipt printer's settings in settings.json: a file saved before an option existed still
// loads (the option off, the rest kept), and a save keeps what it sets. Read by the real
// SettingsFile from a real file, as the counter reads it at start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsFile } from '#counter/app/settings-file';
import { MemorySecretStore } from './runtime-fixture';

const DEFAULTS = { merchantName: 'Padaria', merchantCity: 'Recife' };
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'balcao-settings-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the receipt printer in settings.json', () => {
  it('loads a file saved before the QR slip existed: the slip off, the rest as saved', () => {
    // As an earlier version wrote it: no printWhenCharged (nor the later options before it).
    const older = {
      merchantName: 'Padaria Pão Quente',
      paperPrinter: { address: '192.168.0.50', profile: 'epson', columns: 42, printWhenPaid: true, copies: 2 },
    };
    writeFileSync(file, JSON.stringify(older));
    const settings = new SettingsFile(file, new MemorySecretStore(), DEFAULTS).get();
    expect(settings.merchantName).toBe('Padaria Pão Quente');
    expect(settings.paperPrinter).toEqual({
      address: '192.168.0.50',
      profile: 'epson',
      columns: 42,
      printWhenPaid: true,
      printWhenRefunded: false,
      printWhenClosed: false,
      printWhenCharged: false,
      drawerOnPaid: false,
      copies: 2,
    });
  });

  it('keeps the QR slip on once saved, across a restart', () => {
    const first = new SettingsFile(file, new MemorySecretStore(), DEFAULTS);
    first.save({
      paperPrinter: {
        address: '192.168.0.50',
        profile: 'elgin',
        columns: 48,
        printWhenPaid: false,
        printWhenCharged: true,
        copies: 1,
      },
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).paperPrinter.printWhenCharged).toBe(true);
    const again = new SettingsFile(file, new MemorySecretStore(), DEFAULTS).get();
    expect(again.paperPrinter).toMatchObject({ printWhenCharged: true, printWhenPaid: false });
  });
});
