import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.server";
import { redactUrl } from "./log-redaction.server";

declare global {
  namespace Express {
    interface Locals {
      /** Names this request in every log line it causes, and in the X-Request-Id header. */
      requestId: string;
      /** The shop's logger with this request's id on every line. */
      log: Logger;
    }
  }
}

/**
 * Gives the request an id and a logger that writes it on every line, and writes one line when
 * the response is sent: method, address (its tokens and secret query values redacted), status
 * and milliseconds.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = randomUUID();
    const requestLogger = log.child({ requestId });
    res.locals.requestId = requestId;
    res.locals.log = requestLogger;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        method: req.method,
        url: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) requestLogger.error(entry, "request");
      else requestLogger.info(entry, "request");
    });
    next();
  };
}
