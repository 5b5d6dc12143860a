/** Query parameters whose values unlock something (file links, sessions sent by mistake, signatures). */
const SECRET_PARAMETER = /token|key|secret|signature|password|session|auth|code/i;

/**
 * A request's address as it may be logged: the value of every query parameter that could unlock
 * something replaced by [redacted] (a file link's token works for an hour; a session token pasted into
 * an address by mistake works for days), the rest kept as sent.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is judged as written.
      }
      return equals >= 0 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
}

/** The request as every log line writes it (Fastify's fields), its address redacted. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
