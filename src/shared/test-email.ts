/**
 * The links of an admin's test e-mail (docs/newsletters.md, "Preview and test"): each signed link
 * the real e-mail carries leads instead to the test page, `/test-email?link=…`, which changes
 * nothing; `link` names what the real one does.
 */
export const testEmailLinks = ["unsubscribe"] as const;
export type TestEmailLink = (typeof testEmailLinks)[number];
