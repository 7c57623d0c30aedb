// The two signature checks real receivers run, re-implemented with node:crypto so a replay checks
// the sandbox's deliveries exactly as the client would (with the sandbox's key in place of the
// Woovi key the client hard-codes).
import { createHmac, createVerify } from 'node:crypto';

/**
 * PHP's `openssl_verify($body, base64_decode($signature), $publicKey, 'sha256WithRSAEncryption') === 1`
 * (WooCommerce, Magento, the PHP SDK) and Node's `crypto.createVerify('sha256')…verify(key, sig,
 * 'base64')` (the Node SDK, Woovi's example backend): RSA PKCS#1 v1.5 over SHA-256 of the given
 * bytes. False for a missing or malformed signature, as both would answer.
 */
export function rsaSha256Valid(
  payload: string,
  signatureBase64: string | string[] | undefined,
  publicKeyPem: string,
): boolean {
  if (typeof signatureBase64 !== 'string' || signatureBase64 === '') return false;
  try {
    return createVerify('sha256')
      .update(Buffer.from(payload, 'utf8'))
      .end()
      .verify(publicKeyPem, signatureBase64, 'base64');
  } catch {
    return false;
  }
}

/** The deprecated X-OpenPix-Signature: base64 HMAC-SHA1 of the body, keyed by the webhook's hmacSecretKey. */
export function hmacSha1Base64(key: string, payload: string): string {
  return createHmac('sha1', key).update(payload).digest('base64');
}
