import { createHash } from 'node:crypto';
import { createSecureContext } from 'node:tls';

// The A1 certificate's check, as NFe.io makes it on upload: the PKCS#12 must open with its
// passphrase. OpenSSL (through node:tls) does the parsing; the sandbox keeps only the file's
// fingerprint, never the file nor the passphrase.

export type CertificateCheck = { ok: true; sha256: string } | { ok: false };

/**
 * Opens the PKCS#12 with the passphrase. The MAC over the file is checked first, with the
 * passphrase: a wrong one (or a file that is no PKCS#12) fails there. A file whose MAC holds but
 * whose contents use a legacy cipher (RC2-40, common in Brazilian A1 files) is refused by OpenSSL 3
 * as "Unsupported": the passphrase was right and the file is whole, so it is accepted.
 */
export function checkCertificate(pkcs12: Buffer, passphrase: string): CertificateCheck {
  const sha256 = createHash('sha256').update(pkcs12).digest('hex');
  try {
    createSecureContext({ pfx: pkcs12, passphrase });
    return { ok: true, sha256 };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return /unsupported/i.test(message) ? { ok: true, sha256 } : { ok: false };
  }
}

/** The fingerprint of an upload that was not checked (`test: true`). */
export function certificateFingerprint(pkcs12: Buffer): string {
  return createHash('sha256').update(pkcs12).digest('hex');
}
