import type { RequestHandler } from "express";
import type { Logger } from "../logger";

/** One log line per request: method, path, status and duration in milliseconds. */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) log.error(entry, "request");
      else log.info(entry, "request");
    });
    next();
  };
}
