/** The value of one cookie of a request, or null. */
export function requestCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Cookies over https carry `Secure`. */
export function isHttps(config: { publicUrl: string }): boolean {
  return config.publicUrl.startsWith("https://");
}
