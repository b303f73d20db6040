import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/**
 * The encoding to send for an Accept-Encoding header: Brotli whenever the browser takes it
 * (browsers list gzip first, at the same weight), else gzip, else none. `q=0` refuses one.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, ...parameters]) => !parameters.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * `body` compressed off the main thread, at the cost `compression` uses on the fly: Brotli at
 * quality 4, gzip at its default level.
 */
export async function encode(
  body: Uint8Array,
  encoding: ContentEncoding,
): Promise<Uint8Array<ArrayBuffer>> {
  const encoded =
    encoding === "br"
      ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
      : await gzipped(body);
  return new Uint8Array(encoded);
}
