import type { MatchItem } from "@shared/matches";
import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";

// The dialog, its date handling and the Radix dialog code load with the first click, so the
// matches and home pages do not download them up front (docs/performance.md, page budgets).
const ScheduleChatDialog = lazy(async () => ({
  default: (await import("./schedule-chat-dialog")).ScheduleChatDialog,
}));

function ScheduleButton(props: { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button {...props}>
      <CalendarDays aria-hidden="true" />
      Schedule Coffee Chat
    </Button>
  );
}

/** "Schedule Coffee Chat": a button until first used, then the dialog (opened). */
export function ScheduleChatButton({ item }: { item: MatchItem }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <ScheduleButton onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<ScheduleButton disabled />}>
      <ScheduleChatDialog item={item} openOnMount />
    </Suspense>
  );
}
