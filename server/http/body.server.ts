/**
 * A body as text, or null when it is larger than `maxBytes`. Reading stops as soon as the
 * limit is passed (or at once when the declared Content-Length passes it), so an oversize body
 * is never held in memory.
 */
async function readLimitedText(
  chunks: AsyncIterable<Uint8Array>,
  contentLength: string | null | undefined,
  maxBytes: number,
): Promise<string | null> {
  if (Number(contentLength ?? 0) > maxBytes) return null;
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** A Fetch body's chunks; stopping early cancels the stream. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      yield chunk.value;
    }
  } finally {
    await reader.cancel();
  }
}

/** A Fetch request's body as text, or null when it is larger than `maxBytes`. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  return readLimitedText(chunksOf(request.body), request.headers.get("content-length"), maxBytes);
}
