import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

export const brandName = "Cup of Joe";

const styles = {
  body: { backgroundColor: "#faf7f2", fontFamily: "Helvetica, Arial, sans-serif", margin: 0 },
  container: {
    backgroundColor: "#ffffff",
    margin: "24px auto",
    padding: "32px",
    maxWidth: "560px",
  },
  heading: { color: "#4a2c17", fontSize: "22px", margin: "0 0 16px" },
  footer: { color: "#6b5b4e", fontSize: "12px" },
} as const;

/**
 * The head of every e-mail: React Email's (charset, no Apple reformatting) plus a viewport, so
 * phone mail apps lay the message out at the screen's width instead of zooming out, and a title
 * (what a browser or a screen reader names the message by, docs/mail.md "Templates").
 */
export function EmailHead({ title }: { title: string }) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
    </Head>
  );
}

/** The frame every e-mail shares. Children are React nodes, so user text is escaped by React. */
export function EmailLayout({
  preview,
  title,
  children,
}: {
  preview: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <EmailHead title={title} />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {title}
          </Heading>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.footer}>
            {brandName} — monthly coffee chats with your colleagues.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
