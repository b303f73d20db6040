import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { silentLog, testConfig } from "../../test/support/checkout";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { startTestMailbox, type TestMailbox } from "../../test/support/mail";
import { mailOutbox } from "../db/schema.server";
import {
  createMailSender,
  deliverDueMail,
  type MailSender,
  maxAttempts,
  retryDelayMs,
  startMailWorker,
} from "./delivery.server";
import type { MailMessage } from "./messages.server";
import { enqueueMail } from "./outbox.server";

const welcome = (to: string): MailMessage => ({
  template: "new-account",
  to,
  payload: { customerName: "Ada Lovelace", customerFirstName: "Ada" },
});

/**
 * A queued message is due from the database's clock (microseconds) while the pass reads the
 * process's (milliseconds): a pass in the same millisecond may find it not yet due, so the
 * tests deliver a moment later.
 */
const aMomentLater = () => new Date(Date.now() + 1000);

describe.each(testEngines)("mail delivery on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestMailbox;
  let smtpSender: MailSender;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startTestMailbox();
    smtpSender = createMailSender(
      { ...testConfig, mail: { ...testConfig.mail, smtpUrl: smtp.url } },
      silentLog,
    );
  });
  afterAll(async () => {
    smtpSender.close();
    await smtp.close();
    await database.dispose();
  });

  const rowOf = async (id: number) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const smtpDeps = () => ({
    db: database.db,
    config: testConfig,
    log: silentLog,
    sender: smtpSender,
  });

  it("delivers an order e-mail through a real SMTP server", async () => {
    const id = await enqueueMail(database.db, {
      template: "order-confirmation",
      to: "ada@example.com",
      payload: {
        customerName: "Ada Lovelace",
        orderId: "7KQ2M9XW4H",
        trackUrl: "http://shop.test/create-account?guestId=g1",
        items: [{ name: "Luxe 375 ml", quantity: 2, listTotalCents: 6600 }],
        hasLocalPickup: false,
        shippingCents: 1500,
        discountCents: 0,
        taxCents: 0,
        totalCents: 8100,
      },
    });
    expect(await deliverDueMail(smtpDeps())).toEqual({ delivered: 1, failed: 0 });

    const [mail] = smtp.to("ada@example.com");
    expect(mail).toBeDefined();
    const text = mail?.text ?? "";
    expect(text).toMatch(/^Subject: Your Troia Grove order 7KQ2M9XW4H/m);
    expect(text).toMatch(/^From: Troia Grove <hello@troiagrove\.com>/m);
    expect(text).toContain("Thank you for your order");
    expect(text).toContain("2 × Luxe 375 ml");
    expect(text).toContain("http://shop.test/create-account?guestId=g1");
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("retries a refused message with backoff, keeps its error visible, then marks it failed", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    const id = await enqueueMail(database.db, welcome("bounce@example.com"));
    await database.db.update(mailOutbox).set({ nextAttemptAt: start }).where(eq(mailOutbox.id, id));

    expect(await deliverDueMail(smtpDeps(), start)).toEqual({ delivered: 0, failed: 1 });
    const afterFirst = await rowOf(id);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst?.lastError).toMatch(/Mailbox unavailable/);
    expect(afterFirst?.nextAttemptAt).toEqual(new Date(start.getTime() + retryDelayMs(1)));
    expect(await deliverDueMail(smtpDeps(), start)).toEqual({ delivered: 0, failed: 0 });

    let now = start;
    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      now = new Date(now.getTime() + retryDelayMs(attempt - 1));
      expect(await deliverDueMail(smtpDeps(), now)).toEqual({ delivered: 0, failed: 1 });
    }
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: maxAttempts });
    const later = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(await deliverDueMail(smtpDeps(), later)).toEqual({ delivered: 0, failed: 0 });
  });

  it("without SMTP, marks messages as delivered to the log", async () => {
    const id = await enqueueMail(database.db, welcome("log@example.com"));
    const sender = createMailSender(testConfig, silentLog);
    const deps = { db: database.db, config: testConfig, log: silentLog, sender };
    expect(await deliverDueMail(deps, aMomentLater())).toEqual({ delivered: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "logged", attempts: 1 });
  });

  it("sends each message once when two servers deliver at the same time", async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((index) =>
        enqueueMail(database.db, welcome(`race${index}@example.com`)),
      ),
    );
    const sent: string[] = [];
    const counting: MailSender = {
      mode: "smtp",
      send: async ({ to }) => void sent.push(to),
      close() {},
    };
    const deps = { db: database.db, config: testConfig, log: silentLog, sender: counting };
    const now = aMomentLater();
    await Promise.all([deliverDueMail(deps, now), deliverDueMail(deps, now)]);
    expect(sent.sort()).toEqual(ids.map((_id, index) => `race${index + 1}@example.com`).sort());
  });

  it("runs as a worker that delivers what is queued and stops cleanly", async () => {
    const sender = createMailSender(testConfig, silentLog);
    const worker = startMailWorker(
      { db: database.db, config: testConfig, log: silentLog, sender },
      50,
    );
    const id = await enqueueMail(database.db, welcome("worker@example.com"));
    await vi.waitFor(async () => expect((await rowOf(id))?.status).toBe("logged"), {
      timeout: 5_000,
    });
    await worker.stop();
  });
});
