import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import {
  handleAppProtocol,
  registerAppSchemeAsPrivileged,
  resolveAppAsset,
  serveAppRequest,
} from '#counter/hosts/electron/app-protocol';
import { CONTENT_SECURITY_POLICY } from '#counter/hosts/content-security-policy';
import { electronFake, FakeSession } from './fake-electron';

// out/renderer stand-in, with a secret right next to it that must never be served.
const base = mkdtempSync(join(tmpdir(), 'balcao-protocol-'));
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Balcão</title>');
writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'AppID');
mkdirSync(join(base, 'renderer-evil'));
writeFileSync(join(base, 'renderer-evil', 'x.txt'), 'sibling');

describe('app:// asset resolution', () => {
  it('maps our URLs into the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://balcao/')).toBe(join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://balcao/index.html#/cliente')).toBe(join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://balcao/assets/index.js?v=1')).toBe(join(root, 'assets', 'index.js'));
  });

  it.each([
    'app://balcao/..%2Fsecret.txt',
    'app://balcao/assets/..%2F..%2Fsecret.txt',
    'app://balcao/..%5Csecret.txt',
    'app://balcao/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    'app://balcao/..%2Frenderer-evil%2Fx.txt',
    'app://balcao/index.html%00.png',
    'app://balcao/%E0%A4%A',
    'app://other/index.html',
    'https://balcao/index.html',
  ])('refuses %s', (url) => {
    expect(resolveAppAsset(root, url)).toBeNull();
  });

  it.each([
    ['app://balcao/../secret.txt', 'secret.txt'],
    ['app://balcao/%2e%2e/secret.txt', 'secret.txt'],
    ['app://balcao/%2Fetc%2Fpasswd', join('etc', 'passwd')],
  ])('keeps %s inside the root (the URL parser already removed the dots)', (url, inside) => {
    expect(resolveAppAsset(root, url)).toBe(join(root, inside));
  });
});

describe('app:// responses', () => {
  it('serves a file with its type, nosniff and the CSP header', async () => {
    const response = await serveAppRequest(root, new Request('app://balcao/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('Balcão');
  });

  it('answers 404 to traversal and to missing files, and never leaks the secret', async () => {
    for (const url of [
      'app://balcao/..%2Fsecret.txt',
      'app://balcao/assets/..%2F..%2Fsecret.txt',
      'app://balcao/nope.js',
    ]) {
      const response = await serveAppRequest(root, new Request(url));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('AppID');
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect(
      (await serveAppRequest(root, new Request('app://balcao/index.html', { method: 'POST', body: 'x' }))).status,
    ).toBe(405);
  });

  it('is registered as a privileged standard, secure scheme and handled on the session', async () => {
    registerAppSchemeAsPrivileged();
    expect(electronFake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    const session = new FakeSession();
    handleAppProtocol(session as never, root);
    const response: Response = await session.protocolHandlers.get('app')!(new Request('app://balcao/assets/index.js'));
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});
