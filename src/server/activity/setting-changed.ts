import type { NamedRow } from "../../shared/person-name";
import type { AppContext } from "../context";
import { recordActivity } from "./activity";
import { namedPerson, peopleLine } from "./people-line";

/**
 * An admin's change to a company setting, for the activity list (docs/rounds.md, "Recording an
 * automatic action"): "Ann Admin set the company's time zone to Central European Time (Europe/Berlin)." `change` is the
 * rest of the sentence after the admin's name; an API token's request acts as the admin who made
 * it, so an admin route always has one.
 */
export async function recordSettingChange(
  ctx: Pick<AppContext, "db" | "clock">,
  admin: (NamedRow & { id: string }) | null,
  change: string,
): Promise<void> {
  if (!admin) return;
  const by = namedPerson(admin);
  await recordActivity(ctx, {
    kind: "settings.changed",
    detail: peopleLine`${by} ${change}.`,
    data: { by: by.id },
  });
}
