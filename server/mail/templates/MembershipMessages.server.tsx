import { Button, Heading, Section, Text } from "@react-email/components";
import { accountTabHref } from "~core/account-urls";
import { formatMoney } from "~core/money";
import type { MailPayloads } from "../messages.server";
import { Layout, type MailBrand, styles } from "./Layout.server";

function ManageLink({ brand, label }: { brand: MailBrand; label: string }) {
  return (
    <Section style={{ padding: "16px 0 8px" }}>
      <Button href={`${brand.publicUrl}${accountTabHref("memberships")}`} style={styles.button}>
        {label}
      </Button>
    </Section>
  );
}

export function MembershipUpdated({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["membership-updated"];
}) {
  return (
    <Layout brand={brand} preview={payload.summary}>
      <Heading style={styles.heading}>Your {payload.membershipName} membership</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>{payload.summary}</Text>
      <Text style={styles.small}>
        If you did not ask for this change, please reply to this e-mail or write to{" "}
        {brand.supportEmail}.
      </Text>
      <ManageLink brand={brand} label="Manage your membership" />
    </Layout>
  );
}

export function MembershipPaymentFailed({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["membership-payment-failed"];
}) {
  return (
    <Layout brand={brand} preview="We could not charge your card">
      <Heading style={styles.heading}>We could not charge your card</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        The {formatMoney(payload.amountCents)} renewal of your {payload.membershipName} membership
        was declined. Give us another card and this month's bottles are paid for and on their way at
        once. We will also try your card again over the next few days.
      </Text>
      <Section style={{ padding: "16px 0 8px" }}>
        <Button href={`${brand.publicUrl}${payload.cardUpdatePath}`} style={styles.button}>
          Update your card
        </Button>
      </Section>
    </Layout>
  );
}

export function MembershipRenewalReminder({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["membership-renewal-reminder"];
}) {
  return (
    <Layout brand={brand} preview={`Your membership renews on ${payload.chargeDate}`}>
      <Heading style={styles.heading}>Your membership renews on {payload.chargeDate}</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        On {payload.chargeDate} we charge {formatMoney(payload.amountCents)} for your{" "}
        {payload.membershipName} membership and ship {payload.ships}.
      </Text>
      <Text style={styles.text}>
        Want a different month? From your account you can skip this delivery, pause for up to three
        months, or cancel.
      </Text>
      <ManageLink brand={brand} label="Skip, pause or cancel" />
    </Layout>
  );
}

export function MembershipTermsReminder({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["membership-terms-reminder"];
}) {
  const agreed = payload.termsVersion
    ? `the membership terms (version ${payload.termsVersion})${payload.agreedOn ? ` on ${payload.agreedOn}` : ""}`
    : "the membership terms";
  return (
    <Layout brand={brand} preview={`The terms of your ${payload.membershipName} membership`}>
      <Heading style={styles.heading}>Your membership, a year on</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        You have been a {payload.membershipName} member since {payload.memberSince}. Once a year we
        remind you of what you agreed to: when you joined, you accepted {agreed}.
      </Text>
      <Text style={styles.text}>
        Each month, on day {payload.billingDay}, we charge {formatMoney(payload.amountCents)} to
        your card and ship {payload.ships}. We e-mail you three days before each charge, and at
        least 30 days before a new price reaches you.
      </Text>
      <Text style={styles.text}>
        You can skip a month, pause for up to three months or cancel online at any time from your
        account. When you cancel, the month you have paid for is your last.
      </Text>
      <ManageLink brand={brand} label="Manage or cancel your membership" />
    </Layout>
  );
}
