import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUTH_ERROR_MESSAGE,
  getAuthPageErrorMessage,
  getLandingErrorMessage,
} from "./auth-error-messages";

describe("sign-in error texts from the address bar", () => {
  it("shows the text of a known code on / and /auth", () => {
    expect(getAuthPageErrorMessage("invalid_link")).toBe(
      "This magic link is invalid or has expired. Please request a new one.",
    );
    expect(getAuthPageErrorMessage("invalid_email")).toBe(
      "This email address is not authorized. Please contact your administrator.",
    );
    expect(getLandingErrorMessage("missing_token")).toMatch(/missing a security token/);
    expect(getAuthPageErrorMessage("session_expired")).toMatch(/session has expired/);
  });

  it("shows the generic text for an unknown code, whatever the link says", () => {
    for (const code of ["please_call_support", "<img src=x>", "", "__proto__", "constructor"]) {
      expect(getAuthPageErrorMessage(code)).toBe(DEFAULT_AUTH_ERROR_MESSAGE);
      expect(getLandingErrorMessage(code)).toBe(DEFAULT_AUTH_ERROR_MESSAGE);
    }
  });
});
