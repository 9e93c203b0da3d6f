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
    part: "channels",
    label: "Slack, Teams & webhooks",
    heading: "Slack, Teams & webhooks",
    text: "Reach people in Slack or Teams, and tell other systems about matches.",
  },
  {
    part: "settings",
    label: "Settings",
    heading: "Settings",
    text: "The company's identity, the admins and how long history is kept.",
  },
];
