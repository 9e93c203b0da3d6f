// Pure naming rules, shared with the sample dashboard (src/shared/pairing-file-names.ts).
export { displayNames, fileNameBase, slugify } from "../../../shared/pairing-file-names";
