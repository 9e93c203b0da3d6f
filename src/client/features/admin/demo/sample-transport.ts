import { authEndpoints } from "@shared/endpoints/auth";
import type { Transport } from "../../../lib/api-client";

/** The folder of the sign-in endpoints (the session's user, its status, the ways in). */
const signInFolder = authEndpoints.user.path.replace(/[^/]+$/, "");

export const SAMPLE_ONLY = "Sample data — changes are not saved";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/**
 * The sample dashboard's stand-in for the network: reads answer from the sample map, changes are
 * refused with SAMPLE_ONLY (each card shows it in its own failure toast), and the sign-in state
 * reads as signed out. No request leaves the page. The sample company (its generator and every
 * answer worked out from it) loads with the first read, outside the page's own code.
 */
export const sampleTransport: Transport = async (url, init) => {
  const path = new URL(url, window.location.origin).pathname;
  if (path === authEndpoints.session.path) return json(200, { user: null });
  if (path.startsWith(signInFolder)) return json(401, { message: "401: Unauthorized" });
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET") return json(403, { message: SAMPLE_ONLY, code: "sample_data" });
  const { sampleAnswer } = await import("./sample-data");
  return json(200, sampleAnswer(url));
};
