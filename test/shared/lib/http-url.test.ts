import { describe, expect, it } from 'vitest';
import { HTTP_URL_MAX_LENGTH, isHttpUrl } from '#shared/lib/http-url';

describe('isHttpUrl', () => {
  it.each(['https://api.woovi.com', 'http://127.0.0.1:8080', 'HTTPS://Api.Example.com/v1?x=1', 'http://[::1]:3000/'])(
    'takes %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  );

  it.each([
    ['another scheme', 'ftp://example.com'],
    ['a script', 'javascript:alert(1)'],
    ['a file', 'file:///etc/passwd'],
    ['no scheme', 'api.woovi.com'],
    ['a scheme without //', 'http:api.woovi.com'],
    ['no host', 'https://'],
    ['text', 'not a url'],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => expect(isHttpUrl(text)).toBe(false));

  it('leaves the length to the caller, with one limit for all', () => {
    const long = `https://example.com/${'a'.repeat(HTTP_URL_MAX_LENGTH)}`;
    expect(isHttpUrl(long)).toBe(true);
    expect(HTTP_URL_MAX_LENGTH).toBe(2048);
  });
});
