import { matchCountText } from "@shared/match-count-text";
import type { CompletedPairingFile } from "@shared/pairings";
import { Download, Eye, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonVariants } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { useConfirm } from "../../../components/ui/use-confirm";
import { completedFileUrl, pairingsApi } from "../../../lib/api/admin-pairings";
import { useCompletedPairingFiles, usePairingMutation } from "./pairing-queries";

// The preview dialog (and the Radix dialog code) loads when a file is first viewed.
const CompletedPairingPreview = lazy(async () => ({
  default: (await import("./completed-pairing-preview")).CompletedPairingPreview,
}));

/** 'Completed Pairings': saved pairing files with View, Download and Delete. */
export function CompletedPairingsCard() {
  const files = useCompletedPairingFiles();
  const [viewing, setViewing] = useState<CompletedPairingFile | null>(null);
  const remove = usePairingMutation({
    mutationFn: (fileName: string) => pairingsApi.removeCompletedFile(fileName),
    onSuccess: () => toast({ title: "Pairing file deleted" }),
    failure: "Failed to delete completed pairing file",
  });

  const { confirm, dialog } = useConfirm();

  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle>Completed Pairings</CardTitle>
        <CardDescription>Saved pairing files, ready to link to a newsletter.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={files}
          failure="Failed to load pairing data"
          empty="No completed pairings yet."
        >
          {(data) => (
            <ul className="grid gap-2" aria-label="Completed pairing files">
              {data.map((file) => (
                <CompletedFileRow
                  key={file.fileName}
                  file={file}
                  deleting={remove.isPending}
                  onView={() => setViewing(file)}
                  onDelete={() =>
                    confirm({
                      title: "Delete this pairing file?",
                      description: `Are you sure you want to delete the pairing file ${file.fileName}? This action cannot be undone.`,
                      confirmLabel: "Delete file",
                      destructive: true,
                      onConfirm: () => remove.mutate(file.fileName),
                    })
                  }
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {viewing && (
        <Suspense fallback={null}>
          <CompletedPairingPreview file={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** One saved pairing file: its name, group and size, with View, Download and Delete. */
function CompletedFileRow({
  file,
  deleting,
  onView,
  onDelete,
}: {
  file: CompletedPairingFile;
  deleting: boolean;
  onView: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-coffee-200 p-3 md:flex-row md:items-center md:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">{file.displayName}</p>
        <p className="text-xs break-all text-coffee-700">{file.fileName}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-coffee-700">
          {file.groupDisplay && <Badge color="blue">{file.groupDisplay}</Badge>}
          <span>{matchCountText(file.matchCount)}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onView}
          aria-label={`View ${file.displayName}`}
        >
          <Eye aria-hidden="true" />
          View
        </Button>
        <a
          href={completedFileUrl(file.fileName)}
          download={file.fileName}
          className={buttonVariants({ size: "sm", variant: "outline" })}
          aria-label={`Download ${file.displayName}`}
        >
          <Download aria-hidden="true" />
          Download
        </a>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Delete ${file.displayName}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}
