import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { isAppUrl } from '#counter/hosts/electron/app-origin';
import { CONTENT_SECURITY_POLICY } from '#counter/hosts/content-security-policy';
import { guardSession, guardWebContents } from '#counter/hosts/electron/security';
import { FakeSession, FakeWebContents } from './fake-electron';

function navigationEvent() {
  return { preventDefault: vi.fn() };
}

describe('navigation and new windows', () => {
  const contents = new FakeWebContents();
  guardWebContents(contents as never);

  it.each([
    'https://example.com/',
    'http://127.0.0.1:8080/',
    'file:///etc/passwd',
    'app://evil/index.html',
    'app://balcao.evil.example/index.html',
    'app://balcao@evil.example/',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
  ])('prevents navigating or redirecting to %s', (url) => {
    for (const name of ['will-navigate', 'will-redirect']) {
      const event = navigationEvent();
      contents.emit(name, event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    const frameEvent = { ...navigationEvent(), url };
    contents.emit('will-frame-navigate', frameEvent);
    expect(frameEvent.preventDefault).toHaveBeenCalled();
  });

  it('lets the app move within its own origin (hash routes)', () => {
    const event = navigationEvent();
    contents.emit('will-navigate', event, 'app://balcao/index.html#/historico');
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('denies every new window', () => {
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://balcao/index.html' })).toEqual({ action: 'deny' });
  });

  it('prevents attaching a <webview>', () => {
    const event = navigationEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('session guard', () => {
  const session = new FakeSession();
  guardSession(session as never);

  it('denies every permission request and check', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      session.permissionRequest?.({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(session.permissionCheck?.({}, permission, 'app://balcao', {})).toBe(false);
    }
  });

  it('blocks every request that is not app://balcao', () => {
    const decide = (url: string) => {
      const callback = vi.fn();
      session.beforeRequest?.({ url }, callback);
      return callback.mock.calls[0]![0];
    };
    expect(decide('app://balcao/assets/index.js')).toEqual({ cancel: false });
    expect(decide('https://cdn.example.com/lib.js')).toEqual({ cancel: true });
    expect(decide('http://127.0.0.1:3000/api')).toEqual({ cancel: true });
    expect(decide('devtools://devtools/bundled/inspector.html')).toEqual({ cancel: true });
    expect(decide('file:///etc/passwd')).toEqual({ cancel: true });
    expect(decide('ws://127.0.0.1:9229/')).toEqual({ cancel: true });
  });

  it("lets the page's own data: and blob: URLs through (QR image, payment chime), not another origin's blobs", () => {
    const decide = (url: string) => {
      const callback = vi.fn();
      session.beforeRequest?.({ url }, callback);
      return callback.mock.calls[0]![0];
    };
    expect(decide('data:image/png;base64,iVBORw0KGgo=')).toEqual({ cancel: false });
    expect(decide('blob:app://balcao/6a1f0c2e-1111-4222-8333-944445555666')).toEqual({ cancel: false });
    expect(decide('blob:https://evil.example/6a1f0c2e-1111-4222-8333-944445555666')).toEqual({ cancel: true });
  });

  it('lets DevTools load only when asked to (development)', () => {
    const dev = new FakeSession();
    guardSession(dev as never, { allowDevTools: true });
    const callback = vi.fn();
    dev.beforeRequest?.({ url: 'devtools://devtools/bundled/inspector.html' }, callback);
    expect(callback).toHaveBeenCalledWith({ cancel: false });
  });

  it('puts our CSP on every response, replacing any other', () => {
    const callback = vi.fn();
    session.headersReceived?.(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } },
      callback,
    );
    const { responseHeaders } = callback.mock.calls[0]![0];
    expect(responseHeaders).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe('isAppUrl', () => {
  it('trusts only app://balcao by parsing, not by substring', () => {
    expect(isAppUrl('app://balcao/index.html')).toBe(true);
    expect(isAppUrl('https://x.example/?next=app://balcao/')).toBe(false);
    expect(isAppUrl('app://balcao:1234/')).toBe(false);
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});
