import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** JSON lines in production; readable, still one line per event, in development. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  const base = { level: options.level, base: undefined };
  if (!options.pretty) return pino(base);
  return pino(base, pretty({ sync: true, singleLine: true, ignore: "pid,hostname" }));
}
