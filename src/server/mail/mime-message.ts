import { foldLines } from "nodemailer/lib/mime-funcs";
import MimeNode from "nodemailer/lib/mime-node";

/** What a message built whole carries: a text and an HTML part, both in base64. */
export interface MimeMessageFields {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  date: Date;
  headers?: Record<string, string>;
  text: string;
  html: string;
}

/**
 * The boundary of the two parts. A base64 line holds only letters, digits, `+`, `/` and `=`, so
 * a boundary with `_` in it can never occur in a part, and one fixed boundary is as good as a
 * random one per message (which is what nodemailer draws, from the system's random source).
 */
const BOUNDARY = "--_cupofjoe_alternative_";
/** Base64 lines of 76 characters, as MIME asks (RFC 2045) and nodemailer writes them. */
const LINE = 76;
/** A header name as RFC 5322 has it (printable ASCII but the colon); ours are always plain. */
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** The fields written here; a caller's header of the same name is left out, as nodemailer does. */
const OWN_FIELDS = new Set([
  "from",
  "to",
  "subject",
  "message-id",
  "date",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);

/**
 * The whole e-mail (RFC 5322, multipart/alternative of a plain-text and an HTML part in base64)
 * as one string, for nodemailer's `raw`: the same header fields nodemailer would write, each
 * encoded by nodemailer's own header encoder (addresses, encoded words for non-ASCII, line
 * folding), but without nodemailer's per-message tree of nodes, part streams and random draws
 * (decision 0090; docs/performance.md, "The newsletter's e-mail built whole").
 */
export function mimeMessage(fields: MimeMessageFields): string {
  const header = (name: string, value: string) => {
    if (!HEADER_NAME.test(name)) throw new Error(`Not a header name: ${JSON.stringify(name)}`);
    return foldLines(`${name}: ${MimeNode.encodeHeaderValue(name, value)}`, LINE);
  };
  const lines = [
    header("From", fields.from),
    header("To", fields.to),
    header("Subject", fields.subject),
    header("Message-ID", fields.messageId),
    ...Object.entries(fields.headers ?? {})
      .filter(([name]) => !OWN_FIELDS.has(name.toLowerCase()))
      .map(([name, value]) => header(name, value)),
    `Date: ${fields.date.toUTCString().replace(/GMT/, "+0000")}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
  ];
  return (
    `${lines.join("\r\n")}\r\n\r\n` +
    `--${BOUNDARY}\r\n${part("text/plain", fields.text)}` +
    `--${BOUNDARY}\r\n${part("text/html", fields.html)}` +
    `--${BOUNDARY}--\r\n`
  );
}

function part(type: string, content: string): string {
  const encoded = Buffer.from(content, "utf8").toString("base64");
  let lines = "";
  for (let at = 0; at < encoded.length; at += LINE) lines += `${encoded.slice(at, at + LINE)}\r\n`;
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${lines}`;
}
