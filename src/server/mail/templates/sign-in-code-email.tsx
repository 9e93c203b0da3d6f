import { Text } from "@react-email/components";
import { EmailLayout } from "./email-layout";

const codeStyle = {
  fontSize: "32px",
  fontWeight: 700,
  letterSpacing: "8px",
  color: "#4a2c17",
  margin: "16px 0",
} as const;

export function SignInCodeEmail({ code, minutes }: { code: string; minutes: number }) {
  return (
    <EmailLayout preview={`Your sign-in code is ${code}`} title="Your sign-in code">
      <Text>Enter this code on the sign-in page to continue:</Text>
      <Text style={codeStyle}>{code}</Text>
      <Text>
        The code is valid for {minutes} minutes and can be used once. If you did not ask for it, you
        can ignore this e-mail.
      </Text>
    </EmailLayout>
  );
}
