import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/** Who sends the shop's e-mails, for the header and footer of each. */
export interface MailBrand {
  name: string;
  supportEmail: string;
  publicUrl: string;
}

export const colors = {
  cream: "#f6f0e2",
  olive: "#2f3a1c",
  oliveLight: "#55612f",
  gold: "#c9a14a",
  ink: "#1c1b17",
  line: "#d9dfc2",
};

const serif = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";
const sans = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const styles = {
  heading: { fontFamily: serif, color: colors.olive, fontSize: "28px", margin: "0 0 16px" },
  text: { fontFamily: sans, color: colors.ink, fontSize: "15px", lineHeight: "24px" },
  small: { fontFamily: sans, color: colors.oliveLight, fontSize: "13px", lineHeight: "20px" },
  button: {
    fontFamily: sans,
    backgroundColor: colors.olive,
    color: colors.cream,
    borderRadius: "999px",
    padding: "12px 24px",
    fontSize: "14px",
    fontWeight: 600,
    textDecoration: "none",
  },
};

/** The one thing a message asks its reader to do, as a button on a line of its own. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ padding: "16px 0 8px" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function Layout({
  brand,
  preview,
  children,
}: {
  brand: MailBrand;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.cream, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", backgroundColor: "#ffffff", padding: "32px" }}>
          <Text
            style={{
              ...styles.small,
              color: colors.gold,
              letterSpacing: "0.2em",
              textTransform: "uppercase",
              margin: "0 0 24px",
            }}
          >
            {brand.name}
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.line, margin: "32px 0 16px" }} />
          <Text style={styles.small}>
            Questions? Write to us at {brand.supportEmail}. {brand.name}, {brand.publicUrl}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
