import { paths } from "../../shared/routes";
import type { TestEmailLink } from "../../shared/test-email";

/**
 * What a test e-mail carries in place of a signed link (docs/newsletters.md, "Preview and test"):
 * the page that says it came from a test and acts on nobody. A real token there would let the
 * admin reading their test pause or opt out the colleague it was previewed as.
 */
export function testEmailLinkUrl(appUrl: string, link: TestEmailLink): string {
  return `${appUrl}${paths.testEmail}?${new URLSearchParams({ link })}`;
}
