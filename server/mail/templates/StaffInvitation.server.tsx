import { Heading, Text } from "@react-email/components";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

export function StaffInvitation({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["staff-invitation"];
}) {
  return (
    <Layout brand={brand} preview={`You're invited to the ${brand.name} back office`}>
      <Heading style={styles.heading}>Join the {brand.name} staff</Heading>
      <Text style={styles.text}>
        {payload.invitedByName} invites you to the {brand.name} back office, where the staff work
        the shop's orders. Accept with the account of this e-mail address, or create one.
      </Text>
      <ActionButton href={payload.acceptUrl}>Accept the invitation</ActionButton>
      <Text style={styles.small}>
        The link works for {payload.expiresInDays} days. On your first visit you set up two-factor
        sign-in with an authenticator app. If you did not expect this invitation, ignore this
        e-mail: nothing changes.
      </Text>
    </Layout>
  );
}
