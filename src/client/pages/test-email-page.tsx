import { useLocation } from "react-router";
import { type TestEmailLink, testEmailLinks } from "../../shared/test-email";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";

/** What the same link in the real e-mail does, said to the admin who clicked it in their test. */
const realLinkDoes: Record<TestEmailLink, string> = {
  unsubscribe:
    "In the real newsletter, this is the unsubscribe link: each reader's own opens a page where they can pause for a month or opt out.",
};

function linkOf(search: string): TestEmailLink | null {
  const link = new URLSearchParams(search).get("link");
  return testEmailLinks.find((known) => known === link) ?? null;
}

/**
 * Where every signed link of a test e-mail leads (/test-email?link=…, docs/newsletters.md,
 * "Preview and test"): it says so and changes nothing for anyone.
 */
export function TestEmailPage() {
  const link = linkOf(useLocation().search);
  return (
    <AuthShell title="A link from a test e-mail">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">
            A link from a test e-mail
          </h1>
          <CardDescription>
            This link came from a test e-mail, marked [Test]. It changes nothing, for you or for the
            colleague the test showed the e-mail of.
          </CardDescription>
        </CardHeader>
        {link ? (
          <CardContent className="text-sm text-coffee-800">
            <p>{realLinkDoes[link]}</p>
          </CardContent>
        ) : null}
      </Card>
    </AuthShell>
  );
}
