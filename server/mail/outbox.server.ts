import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema.server";
import type { MailMessage } from "./messages.server";

/**
 * Queues an e-mail. Call it with the transaction of the event that causes the message, so that
 * the message exists if and only if the event happened; delivery happens later, with retries.
 */
export async function enqueueMail(db: Database, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    // Due now by the server's clock, which the delivery also reads: the database's may run ahead.
    .values({
      template: message.template,
      to: message.to,
      payload: message.payload,
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The mail outbox did not accept the message");
  return row.id;
}
