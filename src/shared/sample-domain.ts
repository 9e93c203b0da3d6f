/**
 * The sample company's domain (src/shared/sample-company.ts): a reserved `.example` domain, where
 * no mail is ever delivered. In a module of its own, so a page that names it (Quick Test Access)
 * loads nothing else of the sample company.
 */
export const SAMPLE_DOMAIN = "acme.example";
