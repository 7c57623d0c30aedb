// One HTTP request exactly as a real client puts it on the wire: its method, its URL as it builds
// it (query strings left as the client wrote them), its own header list, and its body as the
// bytes its language's JSON encoder produced. node:http, not fetch: fetch would add headers of its
// own (accept, user-agent, sec-fetch-mode, …) and normalise the URL, and a replay must send only
// what the client sends, plus the Host line every HTTP/1.1 client writes.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface WireRequest {
  method: string;
  /** The full URL, as the client concatenates it (http only: the sandbox is plain HTTP). */
  url: string;
  /** The client's headers, in its order and spelling. Content-Length is added for a body. */
  headers?: Array<[string, string]>;
  /** The raw body text (the client's serializer's output), sent as UTF-8 bytes. */
  body?: string;
}

export interface WireReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw bytes of the answer. */
  bytes: Buffer;
  /** The answer as UTF-8 text. */
  text: string;
  /** The answer parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

export function send(req: WireRequest): Promise<WireReply> {
  const target = new URL(req.url);
  // The path exactly as written: URL() would re-encode characters PHP or Python left raw.
  const afterHost = req.url.slice(req.url.indexOf('/', req.url.indexOf('//') + 2));
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  // Node adds no Host when headers come as a list: the first line, as curl and requests put it.
  const headers: Array<[string, string]> = [['Host', target.host], ...(req.headers ?? [])];
  if (body !== undefined) headers.push(['Content-Length', String(body.length)]);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: afterHost,
        // An array of pairs keeps the client's header order and casing.
        headers: headers.flat(),
        // No shared agent: each replayed request is its own connection, as a PHP request is.
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          // Clients that send Accept-Encoding (WordPress, requests) decode what comes back.
          const bytes = decoded(Buffer.concat(chunks), incoming.headers['content-encoding']);
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  return bytes;
}

/** The first bytes of every PNG file. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What a browser does with `<img src=url>`: a plain GET with no Authorization and no API
 * headers of any kind. The image loads only if this answers 200 with a PNG.
 */
export function loadAsImgTag(url: string): Promise<WireReply> {
  return send({ method: 'GET', url, headers: [['Accept', 'image/avif,image/webp,image/png,image/*,*/*;q=0.8']] });
}
