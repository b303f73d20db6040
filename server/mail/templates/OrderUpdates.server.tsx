import { Heading, Text } from "@react-email/components";
import { formatMoney } from "~core/money";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

export function OrderShipped({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["order-shipped"];
}) {
  return (
    <Layout brand={brand} preview={`Order ${payload.orderId} is on its way`}>
      <Heading style={styles.heading}>Your order is on its way</Heading>
      <Text style={styles.text}>
        Hi {payload.customerName}, order {payload.orderId} has left the grove.
      </Text>
      <ActionButton href={payload.trackingUrl}>Track your package</ActionButton>
    </Layout>
  );
}

export function OrderReadyForPickup({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["order-ready-for-pickup"];
}) {
  return (
    <Layout brand={brand} preview={`Order ${payload.orderId} is ready for pickup`}>
      <Heading style={styles.heading}>Your order is ready for pickup</Heading>
      <Text style={styles.text}>
        Hi {payload.customerName}, order {payload.orderId} is waiting for you at the grove's shop in
        Mountain View. Bring the order number with you.
      </Text>
      <ActionButton href={payload.trackUrl}>See your order</ActionButton>
    </Layout>
  );
}

export function OrderRefunded({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["order-refunded"];
}) {
  return (
    <Layout brand={brand} preview={`Your refund for order ${payload.orderId}`}>
      <Heading style={styles.heading}>
        {payload.cancelled ? "Your order was cancelled" : "Your refund is on its way"}
      </Heading>
      <Text style={styles.text}>
        Hi {payload.customerName},{" "}
        {payload.cancelled ? `we cancelled order ${payload.orderId} and` : "we"} refunded{" "}
        {formatMoney(payload.amountCents)}
        {payload.cancelled ? "" : ` for order ${payload.orderId}`}. Your bank shows it within 5 to
        10 business days.
      </Text>
    </Layout>
  );
}
