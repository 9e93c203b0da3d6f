import { NEWSLETTER_ARCHIVED, USER_NOT_FOUND } from "@shared/newsletters";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { previewErrorText } from "./preview-error-text";

describe("the log preview's error texts", () => {
  it("says the newsletter was archived when it is gone", () => {
    const gone = new ApiError({ status: 404, message: "Newsletter not found" });
    expect(previewErrorText(gone)).toBe(NEWSLETTER_ARCHIVED);
  });

  it("says the person is unknown, even though that is a 404 too", () => {
    expect(previewErrorText(new ApiError({ status: 404, message: USER_NOT_FOUND }))).toBe(
      USER_NOT_FOUND,
    );
  });

  it("asks to sign in again after a 401", () => {
    expect(previewErrorText(new ApiError({ status: 401, message: "Unauthorized" }))).toBe(
      "Authentication required. Please refresh and try again.",
    );
  });

  it("shows any other message after 'Error:' with the server's suggestion", () => {
    const error = new ApiError({
      status: 500,
      message: "Rendering failed",
      body: { message: "Rendering failed", suggestion: "Try again in a minute." },
    });
    expect(previewErrorText(error)).toBe("Error: Rendering failed Try again in a minute.");
  });
});
