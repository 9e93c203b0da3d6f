import { imageEndpoints } from "@shared/endpoints/images";
import { EMAIL_SAFE_MAX_BYTES, formatBytes, rateEmailImage } from "@shared/images";
import { answerTo } from "./sample-answer";

/** Sample gallery answers (see sample-data.ts): pictures drawn inline, so nothing is fetched. */
const swatch = (color: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="55%" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`;

const images = [
  { filename: "coffee-beans.png", color: "#644029", label: "Coffee beans", size: 84_000 },
  { filename: "latte-art.jpg", color: "#9a6a42", label: "Latte art", size: 312_000 },
  { filename: "team-chat.webp", color: "#b45309", label: "Team chat", size: 640_000 },
];

export const sampleGalleryAnswers: Record<string, unknown> = Object.fromEntries([
  answerTo(
    imageEndpoints.gallery,
    images.map((image) => ({
      filename: image.filename,
      source: "admin-uploaded",
      url: swatch(image.color, image.label),
      size: image.size,
      width: 320,
      height: 200,
    })),
  ),
  answerTo(
    imageEndpoints.compatibility,
    (() => {
      const analysed = images.map((image) => ({
        filename: image.filename,
        url: swatch(image.color, image.label),
        size: image.size,
        sizeFormatted: formatBytes(image.size),
        rating: rateEmailImage(image.size),
        recommendation:
          image.size < EMAIL_SAFE_MAX_BYTES
            ? "Safe for e-mail."
            : "Larger than 200 KB: some mail clients may not show it. Optimise it first.",
      }));
      const safe = analysed.filter((a) => a.rating === "safe");
      return {
        summary: {
          emailSafe: safe.length,
          problematic: analysed.length - safe.length,
          total: analysed.length,
          recommendation: `Use ${safe[0]?.filename} as the newsletter image.`,
        },
        emailSafeImages: safe,
        problematicImages: analysed.filter((a) => a.rating !== "safe"),
      };
    })(),
  ),
]);
