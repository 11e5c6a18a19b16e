/**
 * The one URL filter. Every link in an API answer comes from outside (check-the-
 * figures links, source_url, url, attribution), so only absolute http: and https: URLs are ever
 * opened or handed to Excel; anything else (javascript:, data:, file:, vbscript:, relative text)
 * is refused. Pure: the pane (src/office/links.ts re-exports it), the COMPANY card and the workbench.
 */

/** The URL in canonical form when it is an absolute http(s) URL, else null. */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  // Control characters and whitespace inside a URL are a smuggling trick; refuse them outright.
  if (text === "" || /[\u0000-\u001f\u007f\s]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname) return null;
  return url.href;
}
