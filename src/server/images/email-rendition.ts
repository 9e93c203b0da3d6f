import { isEmailImageUrl } from "../../shared/newsletters";
import { loadSharp } from "./load-sharp";

/**
 * Outlook on Windows shows no WebP, so e-mails link our WebP images (profile photos, WebP gallery
 * uploads) as `?format=jpeg`: the same file re-encoded to JPEG when it is fetched (docs/images.md).
 */
export const EMAIL_RENDITION_QUERY = "format=jpeg";

/** Wide enough for a 536 px e-mail column on a double-density screen. */
const RENDITION_MAX_WIDTH = 1200;
/** Renditions kept in memory per process; names never change content, so entries never go stale. */
const CACHE_ENTRIES = 200;

/** Our own stored WebP image on APP_URL: the address e-mails use for it instead. */
export function emailSafeImageUrl(appUrl: string, absoluteUrl: string): string {
  const url = new URL(absoluteUrl);
  const ours = url.origin === new URL(appUrl).origin;
  if (!ours || !/^\/(uploads|admin-images)\/[^/]+\.webp$/.test(url.pathname)) return absoluteUrl;
  url.search = EMAIL_RENDITION_QUERY;
  return url.toString();
}

/** JPEG renditions of stored WebP images, made once per file and process. */
export function createRenditionCache() {
  const cache = new Map<string, Promise<Buffer>>();
  return (filename: string, webp: Buffer): Promise<Buffer> => {
    const hit = cache.get(filename);
    if (hit) {
      cache.delete(filename);
      cache.set(filename, hit);
      return hit;
    }
    const made = toJpeg(webp);
    made.catch(() => cache.delete(filename));
    cache.set(filename, made);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return made;
  };
}

async function toJpeg(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { failOn: "error" })
    .resize({ width: RENDITION_MAX_WIDTH, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * An image address made absolute on APP_URL, as e-mails must link it (our WebP images as JPEG);
 * null when missing or not an http(s) image address.
 */
export function absoluteImageUrl(appUrl: string, value: string | null | undefined): string | null {
  if (!value || !isEmailImageUrl(value)) return null;
  return emailSafeImageUrl(appUrl, new URL(value, `${appUrl}/`).toString());
}
