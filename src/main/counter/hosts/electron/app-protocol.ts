// The app:// protocol: serves the built renderer (out/renderer) to our windows instead of file://
// (checklist item 18), so the pages get a real origin, a CSP header and no file-system reach.
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { protocol, type Session } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-origin';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
};

/** Must run before `app.ready`: a standard, secure scheme gets an origin, fetch and storage. */
export function registerAppSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/**
 * The file under `rootDir` that an app:// URL names, or null when the URL is not ours or would
 * leave `rootDir` (`..`, encoded separators, NUL bytes, absolute paths).
 */
export function resolveAppAsset(rootDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const requested = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rootDir);
  const file = resolve(root, requested);
  const inside = relative(root, file);
  if (!inside || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return file;
}

/** Answers one app:// request: the file with its type and the CSP, or a bare 404. */
export async function serveAppRequest(rootDir: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const file = resolveAppAsset(rootDir, request.url);
  if (!file) return new Response(null, { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'content-type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response(null, { status: 404 });
  }
}

export function handleAppProtocol(session: Session, rootDir: string): void {
  session.protocol.handle(APP_SCHEME, (request) => serveAppRequest(rootDir, request));
}
