import { Button, Heading, Section, Text } from "@react-email/components";
import { formatMoney } from "~core/money";
import type { MailPayloads } from "../messages.server";
import { colors, Layout, type MailBrand, styles } from "./Layout.server";
import { OrderAmounts } from "./OrderConfirmation.server";

type NewOrderPayload = MailPayloads["new-order"];

/** `New order A1B2C3D4E5 — $81`, naming a membership's renewal as such. */
export function newOrderSubject(payload: NewOrderPayload): string {
  const subject = `New order ${payload.orderId} — ${formatMoney(payload.totalCents)}`;
  return payload.isRenewal ? `${subject} (Membership renewal)` : subject;
}

/** To the owner and the staff who asked for it: what was paid, by whom, and where it goes. */
export function NewOrder({ brand, payload }: { brand: MailBrand; payload: NewOrderPayload }) {
  const title = payload.isRenewal ? "Membership renewal" : "New order";
  const customer = payload.hasAccount ? "account" : "guest, no account";
  return (
    <Layout brand={brand} preview={newOrderSubject(payload)}>
      <Heading style={styles.heading}>{title}</Heading>
      <Text style={styles.text}>
        {payload.customerName} ({payload.customerEmail}, {customer}) paid{" "}
        {formatMoney(payload.totalCents)} for order {payload.orderId}.
      </Text>
      <OrderAmounts order={payload} />
      <Section style={{ borderTop: `1px solid ${colors.line}`, paddingTop: "8px" }}>
        <Text style={{ ...styles.text, fontWeight: 700, margin: "0" }}>
          {payload.delivery.heading}
        </Text>
        <Text style={{ ...styles.text, margin: "0" }}>
          {payload.delivery.lines.map((line, index) => (
            <span key={line}>
              {index > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      </Section>
      <Section style={{ padding: "24px 0 8px" }}>
        <Button href={payload.orderUrl} style={styles.button}>
          Open the order in the back office
        </Button>
      </Section>
    </Layout>
  );
}
