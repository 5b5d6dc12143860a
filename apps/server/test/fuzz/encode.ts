import { RawJson } from './hostile-values.ts';

/**
 * JSON text of a value as a client could send it: own `__proto__` keys kept, RawJson written as it is,
 * unpaired surrogates escaped (as JSON.stringify does).
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Percent-encoding that also writes unpaired surrogates (as the invalid UTF-8 a careless client sends). */
function percent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A form or query value as text: structures as JSON text, booleans and numbers as they print. */
export function fieldText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof RawJson) return value.text;
  return jsonText(value);
}

/**
 * A query string from a value: an object's keys become parameters (arrays repeat the key), anything
 * else is sent as one parameter named `q`. A RawJson value is written as it is, so malformed escapes
 * arrive as a careless client sends them.
 */
export function queryText(value: unknown): string {
  const entries: string[] = [];
  const add = (key: string, item: unknown) => {
    const text = item instanceof RawJson ? item.text : percent(fieldText(item) ?? '');
    entries.push(`${percent(key)}=${text}`);
  };
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (Array.isArray(item)) item.forEach((each) => add(key, each));
      else add(key, item);
    }
  } else add('q', value);
  return entries.join('&');
}

export interface MultipartBody {
  payload: Buffer;
  contentType: string;
}

/**
 * A multipart form of text fields (structures as JSON text, as the web app sends them), with a file part
 * when one is given. Field names are written as they are, quotes and all.
 */
export function multipartBody(
  fields: unknown,
  file?: { field: string; name: string; content: Buffer },
): MultipartBody {
  const boundary = `fuzz${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  const entries: Array<[string, unknown]> =
    fields && typeof fields === 'object' && !Array.isArray(fields) && !(fields instanceof RawJson)
      ? Object.keys(fields).map((key) => [key, (fields as Record<string, unknown>)[key]])
      : [['value', fields]];
  for (const [name, value] of entries) {
    const text = fieldText(value);
    if (text === null) continue;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(text),
      Buffer.from('\r\n'),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
