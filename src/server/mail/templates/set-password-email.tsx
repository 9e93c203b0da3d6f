import { Link, Text } from "@react-email/components";
import type { PasswordLinkPurpose } from "../../../shared/enums";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

/** An admin's set-password link: a new admin's first password, or a reset another admin sent. */
export function SetPasswordEmail({
  url,
  hours,
  purpose,
}: {
  url: string;
  hours: number;
  purpose: PasswordLinkPurpose;
}) {
  const invite = purpose === "invite";
  return (
    <EmailLayout
      preview={invite ? "You are now a Cup of Joe admin" : "A new password for Cup of Joe"}
      title={invite ? "You are now a Cup of Joe admin" : "Choose a new admin password"}
    >
      <Text>
        {invite
          ? "Another admin added you as an admin of Cup of Joe. Choose your password to sign in to the admin dashboard."
          : "Another admin sent you this link to choose a new password for the Cup of Joe admin dashboard. Your current password keeps working until you choose a new one."}
      </Text>
      <EmailButton href={url}>Choose your password</EmailButton>
      <Text>
        Or copy this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text>
        The link is valid for {hours} hours and can be used once. If you did not expect it, you can
        ignore this e-mail.
      </Text>
    </EmailLayout>
  );
}
