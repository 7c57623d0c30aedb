// The one Content-Security-Policy of the renderer's pages, sent as a response header by both of
// its hosts (Electron's app:// protocol and the browser host). The renderer's <meta> tag carries
// the same policy, minus frame-ancestors, which a meta tag cannot express.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "media-src 'self' data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
