import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "./render-email";

/** Node marks every new promise with its async ids while any async hook is on. */
const promisesCarryAsyncIds = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0;

describe("renderEmail", () => {
  it("renders an e-mail without leaving async hooks on for every later promise", async () => {
    expect(promisesCarryAsyncIds()).toBe(false);
    const { html, text } = await renderEmail(
      createElement("html", null, createElement("body", null, createElement("p", null, "Hello"))),
    );
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1.0 Transitional\/\/EN"/);
    expect(html).toContain("<p>Hello</p>");
    expect(text).toBe("Hello");
    expect(promisesCarryAsyncIds()).toBe(false);
  });
});
