import { Heading, Text } from "@react-email/components";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

export function ReturnApproved({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["return-approved"];
}) {
  return (
    <Layout brand={brand} preview={`Your return label for order ${payload.orderId}`}>
      <Heading style={styles.heading}>Your return is approved</Heading>
      <Text style={styles.text}>
        Hi {payload.customerName}, we approved the return of order {payload.orderId}. Print the
        prepaid label, stick it on the parcel and hand it to the carrier: the shipping is on us. We
        refund you as soon as the parcel reaches the grove.
      </Text>
      <ActionButton href={payload.labelUrl}>Print your return label</ActionButton>
    </Layout>
  );
}

export function ReturnDeclined({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["return-declined"];
}) {
  return (
    <Layout brand={brand} preview={`About your return of order ${payload.orderId}`}>
      <Heading style={styles.heading}>We could not accept your return</Heading>
      <Text style={styles.text}>
        Hi {payload.customerName}, we looked at your request to return order {payload.orderId} and
        could not accept it:
      </Text>
      <Text style={styles.text}>{payload.message}</Text>
      <Text style={styles.text}>Reply to this e-mail if you would like to talk it over.</Text>
    </Layout>
  );
}
