// Pure naming rules, shared with the sample dashboard (src/shared/pairing-file-names.ts).
export {
  fileNameBase,
  pairingGroupLabel,
  readablePairingName,
} from "../../../shared/pairing-file-names";
