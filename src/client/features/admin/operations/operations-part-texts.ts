import type { OperationsPart } from "@shared/admin-routes";

/** Each part of the Operations tab: its link's label, its heading and the line under it. */
export const operationsPartTexts: readonly {
  part: OperationsPart;
  label: string;
  heading: string;
  text: string;
}[] = [
  {
    part: "pairing",
    label: "Pairing",
    heading: "Pairing",
    text: "This month's round: generate, review and complete pairings.",
  },
  {
    part: "newsletters",
    label: "Newsletters",
    heading: "Newsletters",
    text: "Write, preview and send the monthly newsletter.",
  },
  {
    part: "people",
    label: "People & activity",
    heading: "People & activity",
    text: "Who has not answered yet, the roster sync and what admins did.",
  },
  {
    part: "settings",
    label: "Settings",
    heading: "Settings",
    text: "The company's identity, admins, chat, webhooks and how long history is kept.",
  },
];
