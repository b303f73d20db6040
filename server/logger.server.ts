import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { redacted } from "./http/log-redaction.server";

export type { Logger };

/**
 * Headers carry session cookies and bearer tokens: written as `[redacted]` wherever they turn up,
 * such as on an error a library threw with its request or response attached.
 */
const secretFields = [
  "headers",
  "*.headers",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
];

/**
 * JSON lines in production; readable, still one line per event, in development. A `destination`
 * (a test reading the lines) takes JSON lines.
 */
export function createLogger(options: {
  level: string;
  pretty: boolean;
  destination?: DestinationStream;
}): Logger {
  const base = {
    level: options.level,
    base: undefined,
    redact: { paths: secretFields, censor: redacted },
  };
  if (options.destination) return pino(base, options.destination);
  if (!options.pretty) return pino(base);
  return pino(base, pretty({ sync: true, singleLine: true, ignore: "pid,hostname" }));
}
