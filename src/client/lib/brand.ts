/** Product identity used across the client. */
export const PRODUCT_NAME = "Cup of Joe";

/** The contact mailbox shown on the landing page. */
export const CONTACT_EMAIL = "hello@cupofjoe.example";
