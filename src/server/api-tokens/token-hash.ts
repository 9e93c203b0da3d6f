import { createHash, randomBytes } from "node:crypto";
import { API_TOKEN_PREFIX } from "../../shared/api-tokens";

/**
 * A new token: the prefix and 32 random bytes. Its SHA-256 is what is stored; a token has the
 * entropy of a key, so a fast hash is enough (as for session cookies).
 */
export function newApiToken(): { secret: string; hash: string; start: string } {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    secret,
    hash: apiTokenHash(secret),
    start: secret.slice(0, API_TOKEN_PREFIX.length + 6),
  };
}

export const apiTokenHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
