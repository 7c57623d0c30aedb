// What counts as an http(s) URL wherever one is typed or sent: a service's base URL in the
// counter's settings (the form, the IPC check, --remote), and the sandbox's webhook, KYC redirect
// and dispute evidence URLs. Written out in full, "https://host/…": "http:host" parses, but no
// one means it, and a service's id is made from the base URL as written.

/** The longest URL taken anywhere (browsers' and servers' common limit). */
export const HTTP_URL_MAX_LENGTH = 2048;

export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}
