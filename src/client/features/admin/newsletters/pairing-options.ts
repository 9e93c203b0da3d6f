import { matchCountText } from "@shared/match-count-text";
import type { NewsletterFile } from "@shared/newsletters";

export interface PairingOption {
  value: string;
  label: string;
}

/**
 * The linked-pairing choices, one per pairing: a newsletter linked while its pairing ran keeps
 * `current-pairing-{id}`, which the pairing's completed record stands for once it has ended
 * (`runningFileName`); a link to a pairing no longer listed stays, under its stored name.
 */
export function pairingOptions(
  files: readonly NewsletterFile[],
  selected: string,
  storedName: string | null,
): PairingOption[] {
  const listed = files.some((f) => f.fileName === selected);
  const options = files.map((f) => ({
    value: !listed && selected !== "" && f.runningFileName === selected ? selected : f.fileName,
    label: `${f.displayName} · ${matchCountText(f.totalPairs)}`,
  }));
  if (selected && !options.some((o) => o.value === selected)) {
    options.unshift({ value: selected, label: storedName ?? selected });
  }
  return options;
}
