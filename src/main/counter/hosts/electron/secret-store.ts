// The AppID's home in the Electron app: encrypted with the OS keychain through safeStorage, the
// ciphertext in a file under userData. Where the OS offers no real encryption (no keychain, or
// Linux's `basic_text` fallback, which is a fixed, public key) the AppID is never written to disk:
// it lives in memory for this run only, and `persistent` says so.
import { rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { safeStorage } from 'electron';
import { writeAtomically, type SecretStore } from '../../app/settings-file';

export interface ElectronSecretStore extends SecretStore {
  /** False when the AppID is kept in memory only (it must be typed again after a restart). */
  readonly persistent: boolean;
  /** One sentence for the settings screen about where the AppID is kept. */
  readonly storageNote: string;
}

export const MEMORY_ONLY_NOTE =
  'Criptografia do sistema indisponível: o AppID fica só na memória e precisa ser informado de novo ao reiniciar.';
export const ENCRYPTED_NOTE = 'AppID guardado criptografado pelo cofre do sistema.';

async function encryptionIsReal(): Promise<boolean> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

async function readSecret(file: string): Promise<string | null> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    return (await safeStorage.decryptStringAsync(Buffer.from(text, 'base64'))).result || null;
  } catch (error) {
    // The keychain changed (another user, a reinstalled OS): the AppID must be typed again.
    console.error('[secret-store] the stored AppID cannot be decrypted; it is ignored', error);
    return null;
  }
}

/** Opens the store after `app.ready` (safeStorage needs it); reads the saved AppID once. */
export async function openSecretStore(file: string): Promise<ElectronSecretStore> {
  const persistent = await encryptionIsReal();
  let value = persistent ? await readSecret(file) : null;
  if (!persistent) await rm(file, { force: true });
  return {
    persistent,
    storage: persistent ? 'keychain' : 'memory',
    storageNote: persistent ? ENCRYPTED_NOTE : MEMORY_ONLY_NOTE,
    get: () => value,
    set(next) {
      if (persistent) {
        if (next === null) {
          rmSync(file, { force: true });
        } else {
          // The synchronous call, because SettingsFile.save applies a change whole or not at
          // all and needs the write to have happened (or thrown) before it goes on.
          writeAtomically(file, safeStorage.encryptString(next).toString('base64'), 0o600);
        }
      }
      value = next;
    },
  };
}
