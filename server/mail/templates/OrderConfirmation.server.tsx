import { Button, Column, Heading, Row, Section, Text } from "@react-email/components";
import { formatMoney } from "~core/money";
import {
  type ListPriceLine,
  localPickupInstructions,
  type OrderTotals,
  orderSummaryLines,
  shippingPromise,
} from "~core/order-summary";
import type { MailPayloads } from "../messages.server";
import { colors, Layout, type MailBrand, styles } from "./Layout.server";

export function orderConfirmationSubject(
  brand: MailBrand,
  payload: MailPayloads["order-confirmation"],
): string {
  return payload.isRenewal
    ? `Your ${brand.name} membership order ${payload.orderId}`
    : `Your ${brand.name} order ${payload.orderId}`;
}

/** A line of an order's amounts: its label on the left, the amount on the right. */
export function AmountRow({
  label,
  amount,
  strong,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  const weight = strong ? 700 : 400;
  return (
    <Row className="amounts">
      <Column style={{ ...styles.text, fontWeight: weight }}>{label}</Column>
      <Column align="right" style={{ ...styles.text, fontWeight: weight }}>
        {amount}
      </Column>
    </Row>
  );
}

/** An order's lines at list price, then its shipping, discount, tax and total. */
export function OrderAmounts({ order }: { order: OrderTotals & { items: ListPriceLine[] } }) {
  return (
    <>
      <Section style={{ borderTop: `1px solid ${colors.line}`, paddingTop: "8px" }}>
        {order.items.map((item) => (
          <AmountRow
            key={item.name}
            label={`${item.quantity} × ${item.name}`}
            amount={formatMoney(item.listTotalCents)}
          />
        ))}
      </Section>
      <Section style={{ borderTop: `1px solid ${colors.line}`, paddingTop: "8px" }}>
        {orderSummaryLines(order).map((line) => (
          <AmountRow
            key={line.label}
            label={line.label}
            amount={line.amount}
            strong={line.label === "Total"}
          />
        ))}
      </Section>
    </>
  );
}

export function OrderConfirmation({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["order-confirmation"];
}) {
  const title = payload.isRenewal ? "Your monthly membership order" : "Thank you for your order";
  return (
    <Layout brand={brand} preview={`${title}: order ${payload.orderId}`}>
      <Heading style={styles.heading}>{title}</Heading>
      <Text style={styles.text}>Hi {payload.customerName},</Text>
      <Text style={styles.text}>
        We have received your order {payload.orderId}.{" "}
        {payload.hasLocalPickup ? localPickupInstructions : shippingPromise}
      </Text>
      <OrderAmounts order={payload} />
      <Section style={{ padding: "24px 0 8px" }}>
        <Button href={payload.trackUrl} style={styles.button}>
          Track your order
        </Button>
      </Section>
    </Layout>
  );
}
