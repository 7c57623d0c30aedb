import { describe, expect, it } from 'vitest';
import { LaunchOptionsError, parseLaunchOptions } from '#counter/app/launch-remote';

describe('--remote and --app-id at launch', () => {
  it('starts against a remote from flags, or from BALCAO_REMOTE_URL and BALCAO_APP_ID; flags win', () => {
    expect(parseLaunchOptions(['--remote', 'http://127.0.0.1:8080/', '--app-id', 'abc'], {}).remote).toEqual({
      baseUrl: 'http://127.0.0.1:8080',
      appId: 'abc',
    });
    expect(
      parseLaunchOptions([], { BALCAO_REMOTE_URL: 'https://api.example.com', BALCAO_APP_ID: 'env' }).remote,
    ).toEqual({
      baseUrl: 'https://api.example.com',
      appId: 'env',
    });
    expect(
      parseLaunchOptions(['--remote=https://flag.example.com', '--app-id=flag'], {
        BALCAO_REMOTE_URL: 'https://env.example.com',
        BALCAO_APP_ID: 'env',
      }).remote,
    ).toEqual({ baseUrl: 'https://flag.example.com', appId: 'flag' });
  });

  it('keeps --app-id alone as the embedded sandbox AppID, and passes the host flags through', () => {
    const options = parseLaunchOptions(['--port', '0', '--app-id', 'sandbox-id'], {}, { port: { type: 'string' } });
    expect(options).toEqual({ values: { port: '0', 'app-id': 'sandbox-id' }, sandboxAppId: 'sandbox-id' });
  });

  it('ignores the switches Electron and Chromium add, and the app path', () => {
    expect(
      parseLaunchOptions(['.', '--no-sandbox', '--remote', 'http://127.0.0.1:1', '--app-id', 'x'], {}).remote?.baseUrl,
    ).toBe('http://127.0.0.1:1');
  });

  it('refuses a remote that is no http(s) URL, or one without an AppID', () => {
    for (const remote of ['not a url', 'ftp://example.com', 'file:///etc/passwd']) {
      expect(() => parseLaunchOptions(['--remote', remote, '--app-id', 'x'], {})).toThrow(LaunchOptionsError);
    }
    expect(() => parseLaunchOptions(['--remote', 'http://127.0.0.1:1'], {})).toThrow(/app-id/);
  });
});
