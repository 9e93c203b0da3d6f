import type { FastifyRequest } from "fastify";
import { BROKEN_TEXT_MESSAGE, hasBrokenText } from "../../shared/clean-text";
import { BadRequest, PayloadTooLarge } from "../errors";

export interface ImageUploadRules {
  field: string;
  maxBytes: number;
  tooLarge: string;
  noFile: string;
}

/** Reads the one file of a multipart upload; the bytes are judged by the image code afterwards. */
export async function readImageUpload(
  request: FastifyRequest,
  rules: ImageUploadRules,
): Promise<{ data: Buffer; originalName: string }> {
  if (!request.isMultipart()) throw new BadRequest(rules.noFile, "no_file");
  const file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  if (file?.fieldname !== rules.field) throw new BadRequest(rules.noFile, "no_file");
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new PayloadTooLarge(rules.tooLarge);
    }
    throw error;
  }
  if (file.file.truncated) throw new PayloadTooLarge(rules.tooLarge);
  if (data.length === 0) throw new BadRequest(rules.noFile, "no_file");
  // The file name is stored with the image; the JSON check in refuse-broken-text.ts cannot see it.
  if (hasBrokenText(file.filename)) {
    throw new BadRequest(`The file name ${BROKEN_TEXT_MESSAGE}`, "broken_text");
  }
  return { data, originalName: file.filename };
}
