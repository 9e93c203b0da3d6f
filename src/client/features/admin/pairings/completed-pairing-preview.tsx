import { matchCountText } from "@shared/match-count-text";
import { type CompletedPairingFile, membersOfFileMatch } from "@shared/pairings";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { QueryState } from "../../../components/ui/query-state";
import { MatchRow } from "./match-row";
import { useCompletedPairingFile } from "./pairing-queries";

/** Completed pairing preview: month, group (none when the company has none), match count and each match. */
export function CompletedPairingPreview({
  file,
  onClose,
}: {
  file: CompletedPairingFile | null;
  onClose: () => void;
}) {
  const content = useCompletedPairingFile(file?.fileName ?? null);
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{file?.displayName ?? "Completed pairing"}</DialogTitle>
          <DialogDescription>
            {file?.monthDisplay} · {file?.groupDisplay ? `${file.groupDisplay} · ` : ""}
            {matchCountText(file?.matchCount ?? 0)}
            {content.data?.chats_happened !== undefined &&
              ` · ${content.data.chats_happened} ${content.data.chats_happened === 1 ? "chat" : "chats"} happened`}
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={content}
          failure="Failed to load pairing data"
          empty="No matches found for this pairing."
          isEmpty={(data) => data.matches.length === 0}
        >
          {({ matches }) => (
            <ul className="grid gap-2">
              {matches.map((m, i) => (
                <MatchRow
                  key={`${m.user1_email}-${i}`}
                  status={m.status || "completed"}
                  happened={m.chat_happened}
                  people={membersOfFileMatch(m)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
