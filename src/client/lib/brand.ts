/** Product identity used across the client. */
export const PRODUCT_NAME = "Cup of Joe";

/** The contact mailbox shown on the landing page. */
export const CONTACT_EMAIL = "hello@cupofjoe.example";

export const brand = {
  name: PRODUCT_NAME,
  contactEmail: CONTACT_EMAIL,
  tagline: "Monthly coffee chats that connect your colleagues.",
} as const;
