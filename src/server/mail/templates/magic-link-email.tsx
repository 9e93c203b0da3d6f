import { Link, Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export function MagicLinkEmail({ url, hours }: { url: string; hours: number }) {
  return (
    <EmailLayout preview="Your sign-in link for Cup of Joe" title="Sign in to Cup of Joe">
      <Text>Click the button below to sign in. No password needed.</Text>
      <EmailButton href={url}>Sign in</EmailButton>
      <Text>
        Or copy this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text>
        The link is valid for {hours} hours and can be used once. If you did not ask for it, you can
        ignore this e-mail.
      </Text>
    </EmailLayout>
  );
}
