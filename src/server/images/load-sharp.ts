import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * The image library, loaded when a process first reads or writes an image: loading its native
 * part took about 0.15 s of every start, and most processes never touch an image
 * (docs/performance.md, "A lighter start").
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
