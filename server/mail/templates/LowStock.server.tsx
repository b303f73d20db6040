import { Heading, Text } from "@react-email/components";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

type LowStockPayload = MailPayloads["low-stock"];

/** `Low stock: Luxe, 375 ml (12 sellable)`. */
export function lowStockSubject(payload: LowStockPayload): string {
  return `Low stock: ${payload.bottleName} (${payload.sellable} sellable)`;
}

/** To the owner, once each time a bottle's sellable count falls to its threshold. */
export function LowStock({ brand, payload }: { brand: MailBrand; payload: LowStockPayload }) {
  return (
    <Layout brand={brand} preview={lowStockSubject(payload)}>
      <Heading style={styles.heading}>Low stock</Heading>
      <Text style={styles.text}>
        {payload.bottleName} has {payload.sellable} sellable bottles left, at or below its threshold
        of {payload.threshold}. Sets and memberships draw on these bottles too.
      </Text>
      <ActionButton href={payload.stockUrl}>Open the Stock page</ActionButton>
      <Text style={styles.small}>
        You hear of it again only after its stock has risen above the threshold and fallen once
        more.
      </Text>
    </Layout>
  );
}

type RenewalWaitingPayload = MailPayloads["renewal-waiting-for-stock"];

/** `A renewal waits for bottles: Everyday Luxury`. */
export function renewalWaitingSubject(payload: RenewalWaitingPayload): string {
  return `A renewal waits for bottles: ${payload.membershipName}`;
}

/** To the owner, once per renewal that finds its bottles missing on the shelves. */
export function RenewalWaitingForStock({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: RenewalWaitingPayload;
}) {
  return (
    <Layout brand={brand} preview={renewalWaitingSubject(payload)}>
      <Heading style={styles.heading}>A renewal waits for bottles</Heading>
      <Text style={styles.text}>
        The {payload.membershipName} renewal due on {payload.dueDate} could not ship:{" "}
        {payload.shortage}. The member has not been charged.
      </Text>
      <Text style={styles.text}>
        It is tried again each day for {payload.retryDays} days; receive the bottles before then and
        it is charged and shipped at the next try. After that the month is not shipped and the
        member is told.
      </Text>
      <ActionButton href={payload.stockUrl}>Open the Stock page</ActionButton>
    </Layout>
  );
}
