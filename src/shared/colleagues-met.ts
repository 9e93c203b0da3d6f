import { chatHappened } from "./chat-happened";
import type { MatchItem } from "./matches";

/**
 * What a person's dashboard says they have met through the programme: the distinct colleagues of
 * every chat of theirs that happened (src/shared/chat-happened.ts), and the distinct departments
 * those colleagues are in (a colleague without a department adds none). From their own matches
 * only (docs/matches.md, "Your Stats").
 */
export function colleaguesMet(items: readonly MatchItem[]) {
  const colleagues = new Set<string>();
  const departments = new Set<string>();
  for (const item of items) {
    if (!chatHappened(item.match)) continue;
    for (const partner of item.partners) {
      colleagues.add(partner.id);
      const department = partner.departmentDisplayName ?? partner.department;
      if (department) departments.add(department);
    }
  }
  return { colleagues: colleagues.size, departments: departments.size };
}
