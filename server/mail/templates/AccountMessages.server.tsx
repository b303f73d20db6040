import { Button, Heading, Section, Text } from "@react-email/components";
import { accountTabHref } from "~core/account-urls";
import type { MailPayloads } from "../messages.server";
import { ActionButton, Layout, type MailBrand, styles } from "./Layout.server";

export function NewAccount({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["new-account"];
}) {
  return (
    <Layout brand={brand} preview={`Welcome to ${brand.name}`}>
      <Heading style={styles.heading}>Welcome, {payload.customerFirstName}</Heading>
      <Text style={styles.text}>
        Your {brand.name} account is ready. Your orders are in one place now, with their tracking as
        soon as they ship.
      </Text>
      <Section style={{ padding: "16px 0 8px" }}>
        <Button href={`${brand.publicUrl}${accountTabHref("orders")}`} style={styles.button}>
          See your orders
        </Button>
      </Section>
    </Layout>
  );
}

export function MembershipCancelled({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["membership-cancelled"];
}) {
  return (
    <Layout brand={brand} preview={`Your ${payload.membershipName} membership is cancelled`}>
      <Heading style={styles.heading}>Your membership is cancelled</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        Your {payload.membershipName} membership is cancelled: you will not be billed again. Orders
        already paid for still ship as usual.
      </Text>
      <Text style={styles.text}>
        Thank you for sharing our oil at your table. You are welcome back any time.
      </Text>
      <Section style={{ padding: "16px 0 8px" }}>
        <Button href={`${brand.publicUrl}/become-a-member`} style={styles.button}>
          Explore memberships
        </Button>
      </Section>
    </Layout>
  );
}

export function PasswordReset({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["password-reset"];
}) {
  return (
    <Layout brand={brand} preview={`Reset your ${brand.name} password`}>
      <Heading style={styles.heading}>Reset your password</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        Someone asked to reset the password of your {brand.name} account. The link below works for{" "}
        {payload.expiresInMinutes} minutes.
      </Text>
      <ActionButton href={payload.resetUrl}>Choose a new password</ActionButton>
      <Text style={styles.small}>If it was not you, ignore this e-mail: nothing changes.</Text>
    </Layout>
  );
}

export function EmailVerification({
  brand,
  payload,
}: {
  brand: MailBrand;
  payload: MailPayloads["email-verification"];
}) {
  return (
    <Layout brand={brand} preview={`Verify your e-mail address for ${brand.name}`}>
      <Heading style={styles.heading}>Verify your e-mail address</Heading>
      <Text style={styles.text}>Hi {payload.customerFirstName},</Text>
      <Text style={styles.text}>
        Please confirm that this address belongs to your {brand.name} account. Once it is verified,
        the orders and memberships you pay for with it without signing in join your account. The
        link below works for {payload.expiresInHours} hours; you sign in to your account to use it.
      </Text>
      <ActionButton href={payload.verifyUrl}>Verify my e-mail address</ActionButton>
      <Text style={styles.small}>
        If you did not create an account with {brand.name}, ignore this e-mail: nothing is added to
        any account.
      </Text>
    </Layout>
  );
}
