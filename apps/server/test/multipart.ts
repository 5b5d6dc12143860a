export interface FormFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body of text fields then files, for app.inject. */
export function multipart(files: FormFile[], field = 'attachments', fields: Record<string, string> = {}) {
  const boundary = '----trowel' + Math.random().toString(16).slice(2);
  const textParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...textParts, ...fileParts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
