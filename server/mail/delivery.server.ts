/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise into the log. A failed send is
 * retried with exponential backoff and stays visible (status, attempts, last error); after the
 * last attempt the message is marked failed. Several servers may run this at once: each message
 * is claimed by one of them (row locks skipped by the others) for MAIL_CLAIM_SECONDS; the
 * messages of a server that stopped while holding them are sent by another after that.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema.server";
import type { Logger } from "../logger.server";
import { storedMessage } from "./stored-message.server";

export const maxAttempts = 8;
const batchSize = 20;

export type MailConfig = Pick<
  ResolvedConfig,
  "mail" | "brandName" | "supportEmail" | "publicUrl" | "env"
>;

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same for every attempt at one outbox message. */
  messageId: string;
}

/** Sends one rendered message; without SMTP the shop writes it to the log instead. */
export interface MailSender {
  mode: "smtp" | "log";
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailDeliveryDeps {
  db: Database;
  config: MailConfig;
  log: Logger;
  sender: MailSender;
}

export function createMailSender(config: MailConfig, log: Logger): MailSender {
  const smtpUrl = config.mail.smtpUrl;
  if (!smtpUrl) {
    return {
      mode: "log",
      async send({ to, subject, text }) {
        // In development the text is logged too: it carries the links (and their tokens) a
        // developer opens to try the shop. Elsewhere a log reader could use those links.
        log.info(
          { to, subject, ...(config.env === "development" ? { text } : {}) },
          "e-mail (not sent: no SMTP_URL)",
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: "smtp",
    async send(message) {
      await transport.sendMail({ from: config.mail.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** 1, 2, 4 … minutes after each failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
}

async function claimDueMessages(db: Database, now: Date, claimLeaseMs: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + claimLeaseMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * A server that stops after the mail server took a message, before the outbox records it as
 * sent, leaves it to be sent again: every attempt carries the same Message-ID, so the copy is
 * recognisably the same message to the mail servers and clients that drop duplicates.
 */
export function outboxMessageId(
  row: Pick<OutboxRow, "id" | "createdAt">,
  brand: { publicUrl: string },
) {
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${new URL(brand.publicUrl).hostname}>`;
}

async function deliverOne(deps: MailDeliveryDeps, row: OutboxRow, now: Date) {
  const message = storedMessage(row);
  if (!message) throw new Error(`The payload does not match the ${row.template} template`);
  const brand = {
    name: deps.config.brandName,
    supportEmail: deps.config.supportEmail,
    publicUrl: deps.config.publicUrl,
  };
  // The templates and React Email (a code highlighter among its parts) load with the first
  // message sent, not with every start of the shop.
  const { renderMail } = await import("./render.server");
  const rendered = await renderMail(brand, message);
  await deps.sender.send({ to: message.to, ...rendered, messageId: outboxMessageId(row, brand) });
  await deps.db
    .update(mailOutbox)
    .set({ status: deps.sender.mode === "smtp" ? "sent" : "logged", sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, row.id));
}

async function recordFailure(deps: MailDeliveryDeps, row: OutboxRow, error: unknown, now: Date) {
  const lastError = error instanceof Error ? error.message : String(error);
  const givesUp = row.attempts >= maxAttempts;
  await deps.db
    .update(mailOutbox)
    .set({
      status: givesUp ? "failed" : "pending",
      lastError,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
    })
    .where(eq(mailOutbox.id, row.id));
  const entry = { mailId: row.id, template: row.template, attempts: row.attempts, lastError };
  if (givesUp) deps.log.error(entry, "e-mail failed for good");
  else deps.log.warn(entry, "e-mail failed, will retry");
}

export interface DeliveryRun {
  delivered: number;
  failed: number;
}

/** Delivers the messages due at `now` (one batch); returns how it went. */
export async function deliverDueMail(
  deps: MailDeliveryDeps,
  now = new Date(),
): Promise<DeliveryRun> {
  const claimed = await claimDueMessages(deps.db, now, deps.config.mail.claimLeaseMs);
  const run: DeliveryRun = { delivered: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await deliverOne(deps, row, now);
      run.delivered++;
    } catch (error) {
      await recordFailure(deps, row, error, now);
      run.failed++;
    }
  }
  return run;
}

export interface MailWorker {
  stop(): Promise<void>;
}

/** Delivers the outbox every `intervalMs` until stopped; a full batch is followed at once. */
export function startMailWorker(deps: MailDeliveryDeps, intervalMs = 2_000): MailWorker {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    let again = false;
    try {
      const run = await deliverDueMail(deps);
      again = run.delivered + run.failed >= batchSize;
    } catch (error) {
      deps.log.error({ err: error }, "mail delivery run failed");
    }
    if (!stopped) timer = setTimeout(schedule, again ? 0 : intervalMs);
  };
  const schedule = () => {
    running = tick();
  };
  timer = setTimeout(schedule, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      deps.sender.close();
    },
  };
}
