/** A real SMTP server for tests: it keeps what it receives and refuses mail for bounce@example.com. */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The message as sent, with quoted-printable parts decoded. */
  text: string;
  messageId: string | null;
}

export interface TestMailbox {
  url: string;
  received: ReceivedMail[];
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** The readable text of a quoted-printable message. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Listens on `port`, or on a free one. */
export async function startTestMailbox(port = 0): Promise<TestMailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === "bounce@example.com") {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("latin1");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null;
        received.push({ to, text: decodeQuotedPrintable(raw), messageId });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const listening = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    to: (recipient) => received.filter((mail) => mail.to.includes(recipient)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
