// The browser host's SecretStore. Outside Electron there is no safeStorage (no OS keychain
// binding in plain Node), so the AppID is kept the way SSH keeps private keys: a file readable
// by this OS user only (0600), in the data folder, never under the served renderer folder and
// never sent to the page. It protects against other users of the machine, not against this one.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import type { SecretStore } from '../../app/settings-file';
import { writeAtomically } from '../../app/settings-file';

export class FileSecretStore implements SecretStore {
  readonly storage = 'file' as const;

  constructor(private readonly file: string) {}

  get(): string | null {
    try {
      const value = readFileSync(this.file, 'utf8').trim();
      return value || null;
    } catch {
      return null;
    }
  }

  set(value: string | null): void {
    if (value === null) {
      rmSync(this.file, { force: true });
      return;
    }
    writeAtomically(this.file, value, 0o600);
    // The mode given at creation is masked by the umask; set it outright.
    chmodSync(this.file, 0o600);
  }
}
