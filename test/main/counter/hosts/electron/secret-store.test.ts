import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { MEMORY_ONLY_NOTE, openSecretStore } from '#counter/hosts/electron/secret-store';
import { electronFake } from './fake-electron';

let file: string;

beforeEach(() => {
  file = join(mkdtempSync(join(tmpdir(), 'balcao-secret-')), 'appid.secret');
  electronFake.safeStorage.available = true;
  electronFake.safeStorage.backend = 'gnome_libsecret';
});

describe('AppID secret store', () => {
  it('keeps the AppID encrypted on disk and reads it back in the next run', async () => {
    const store = await openSecretStore(file);
    expect(store.persistent).toBe(true);
    expect(store.storage).toBe('keychain');
    expect(store.get()).toBeNull();
    store.set('Client_Id_abc:Client_Secret_xyz');
    expect(store.get()).toBe('Client_Id_abc:Client_Secret_xyz');
    expect(readFileSync(file, 'utf8')).not.toContain('Client_Secret_xyz');
    const nextRun = await openSecretStore(file);
    expect(nextRun.get()).toBe('Client_Id_abc:Client_Secret_xyz');
  });

  it('removes the file when the AppID is cleared', async () => {
    const store = await openSecretStore(file);
    store.set('app-id');
    store.set(null);
    expect(existsSync(file)).toBe(false);
    expect((await openSecretStore(file)).get()).toBeNull();
  });

  it('keeps the AppID in memory only, and says so, when the OS has no encryption', async () => {
    electronFake.safeStorage.available = false;
    const store = await openSecretStore(file);
    store.set('app-id');
    expect(store.get()).toBe('app-id');
    expect(store.persistent).toBe(false);
    expect(store.storageNote).toBe(MEMORY_ONLY_NOTE);
    expect(store.storage).toBe('memory');
    expect(existsSync(file)).toBe(false);
  });

  // The store asks for the backend on Linux only (Electron names backends there alone): on other
  // systems this is reported skipped rather than passing without checking anything.
  it.skipIf(process.platform !== 'linux')(
    "treats Linux's basic_text backend (a fixed, public key) as no encryption",
    async () => {
      electronFake.safeStorage.backend = 'basic_text';
      writeFileSync(file, 'old ciphertext');
      const store = await openSecretStore(file);
      expect(store.persistent).toBe(false);
      expect(store.storage).toBe('memory');
      expect(existsSync(file)).toBe(false);
      store.set('app-id');
      expect(existsSync(file)).toBe(false);
    },
  );

  it('ignores a ciphertext that the keychain cannot open any more', async () => {
    writeFileSync(file, Buffer.from('garbage').toString('base64'));
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    expect((await openSecretStore(file)).get()).toBeNull();
  });

  it('leaves the stored AppID as it was when encryption fails', async () => {
    const store = await openSecretStore(file);
    store.set('first');
    electronFake.safeStorage.encryptString.mockImplementationOnce(() => {
      throw new Error('keychain locked');
    });
    expect(() => store.set('second')).toThrow('keychain locked');
    expect(store.get()).toBe('first');
    expect((await openSecretStore(file)).get()).toBe('first');
  });
});
