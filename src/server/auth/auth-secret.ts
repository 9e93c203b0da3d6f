import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";

/** HMAC-SHA256 of a code or token, bound to its purpose (and, for codes, its e-mail). */
export async function keyedHash(ctx: AppContext, ...parts: string[]): Promise<string> {
  const secret = await getAuthSecret(ctx);
  return createHmac("sha256", secret).update(parts.join("\u0000")).digest("hex");
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
