import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.server";

/** Writes one log line when the response is sent: method, path, status and milliseconds. */
export function logWhenSent(log: Logger, req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  const path = (req.url ?? "/").split("?", 1)[0];
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const entry = {
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (res.statusCode >= 500) log.error(entry, "request");
    else log.info(entry, "request");
  });
}

/** One log line per request. */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenSent(log, req, res);
    next();
  };
}
