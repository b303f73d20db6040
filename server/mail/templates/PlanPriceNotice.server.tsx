import { Heading, Text } from "@react-email/components";
import { formatMoney } from "~core/money";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

type PlanPriceNoticePayload = MailPayloads["plan-price-notice"];

/** `Your Refined Palate membership will be $64/m from 12/26/2026`. */
export function planPriceNoticeSubject(payload: PlanPriceNoticePayload): string {
  return `Your ${payload.planName} membership will be ${formatMoney(payload.newPriceCents)}/m from ${payload.fromDate}`;
}

/** To each member of a plan whose price the owner changed, at least 30 days before it applies. */
export function PlanPriceNotice({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: PlanPriceNoticePayload;
}) {
  return (
    <Layout brand={brand} preview={planPriceNoticeSubject(payload)}>
      <Heading style={styles.heading}>A new price for your membership</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        From your first billing on or after {payload.fromDate}, your {payload.planName} membership
        will cost {formatMoney(payload.newPriceCents)} a month. Until then you pay what you pay
        today.
      </Text>
      <Text style={styles.text}>
        Nothing else changes. If you would rather not continue, you can cancel from your account at
        any time before that date.
      </Text>
      <ActionButton href={payload.accountUrl}>Manage your membership</ActionButton>
    </Layout>
  );
}
