export type MultipartFields = Record<
  string,
  string | { filename: string; data: Buffer | string; type?: string }
>;

/** A multipart body as a browser's FormData sends it; files as { filename, data, type? }. */
export async function multipartBody(
  fields: MultipartFields,
  defaultFileType = 'application/octet-stream',
): Promise<{ headers: Record<string, string>; payload: Buffer }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else {
      const data = typeof value.data === 'string' ? value.data : new Uint8Array(value.data);
      form.set(name, new File([data], value.filename, { type: value.type ?? defaultFileType }));
    }
  }
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}
