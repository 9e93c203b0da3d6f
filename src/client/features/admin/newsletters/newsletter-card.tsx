import { monthName } from "@shared/months";
import type { Newsletter } from "@shared/newsletters";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { newsletterKeys, newslettersApi } from "../../../lib/api/admin-newsletters";
import { useRoundsOverview } from "../rounds/rounds-queries";
import { useAdminView } from "../use-admin-view";
import { ListSkeleton } from "./list-skeleton";
import { useNewsletterMutation, useNewsletters } from "./newsletter-queries";
import { NewsletterRow } from "./newsletter-row";
import { newsletterSendStatus, SendProgress } from "./send-progress";
import { type TrackedSend, useSendNewsletter } from "./use-send-newsletter";

/** The editor (forms, validation) loads when first opened. */
const NewsletterEditor = lazy(async () => ({
  default: (await import("./newsletter-editor")).NewsletterEditor,
}));

/**
 * 'Newsletter Management': Create Newsletter (this month's, or next month's once this month has
 * one), every newsletter with its actions (sent ones too, read only, with their send log),
 * the editor overlay (its address is /admin/newsletters/<id>, so a reload keeps it open), and a
 * progress bar for each send started here or still running.
 */
export function NewsletterCard() {
  const queryClient = useQueryClient();
  const newsletters = useNewsletters();
  const list = newsletters.data ?? [];
  const { editingId, editing, setEditingId } = useEditedNewsletter(list, newsletters.isSuccess);
  const [tracked, setTracked] = useState<TrackedSend[]>([]);
  const { send, dialog: sendDialog } = useSendNewsletter((started) =>
    setTracked((list) => [...list.filter((t) => t.id !== started.id), started]),
  );
  // The month is the server's (the rounds answer's time), never the browser's clock.
  const serverNow = useRoundsOverview().data?.now;
  const nextMonth = serverNow ? firstFreeMonth(list, new Date(serverNow)) : null;
  const create = useNewsletterMutation({
    mutationFn: (month: string) => newslettersApi.generate(month),
    onSuccess: (created) => {
      toast({ title: "Newsletter Created", description: `${created.title} is ready to edit.` });
      // In the list before the editor opens on it: a list without it sends the address back.
      queryClient.setQueryData<Newsletter[]>(newsletterKeys.list, (old) => [
        created,
        ...(old ?? []).filter((n) => n.id !== created.id),
      ]);
      setEditingId(created.id);
    },
    failure: "Failed to generate newsletter template",
  });

  const running = list
    .filter((n) => n.status === "sending" && !tracked.some((t) => t.id === n.id))
    .map((n) => ({ id: n.id, title: n.title }));
  const progress = [...tracked, ...running];

  return (
    <Card>
      {sendDialog}
      <CardHeader>
        <CardTitle>Newsletter Management</CardTitle>
        <CardDescription>
          Write the month's newsletter, link its pairing, send yourself a test, approve and send.
          Next month's can be prepared as soon as this month's exists; sent ones stay listed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button
            onClick={() => nextMonth && create.mutate(nextMonth.key)}
            disabled={create.isPending || !nextMonth}
            aria-describedby={nextMonth ? "create-newsletter-month" : undefined}
          >
            <Plus aria-hidden="true" />
            {create.isPending ? "Creating..." : "Create Newsletter"}
          </Button>
          {nextMonth && (
            <p id="create-newsletter-month" className="mt-2 text-sm text-coffee-700">
              Creates the {nextMonth.label} newsletter.
            </p>
          )}
        </div>
        <SendsInProgress
          progress={progress}
          tracked={tracked}
          onDismiss={(id) => setTracked((all) => all.filter((x) => x.id !== id))}
        />
        <QueryState
          query={newsletters}
          failure="Failed to load newsletters."
          empty="No newsletters created yet"
          loading={<ListSkeleton label="Loading newsletters..." />}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label="Newsletters">
              {list.map((newsletter) => (
                <NewsletterRow
                  key={newsletter.id}
                  newsletter={newsletter}
                  onEdit={() => setEditingId(newsletter.id)}
                  onSend={() => send(newsletter)}
                  sending={tracked.some((t) => t.id === newsletter.id)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {editingId !== null && (
        <Suspense fallback={<Spinner label="Opening the editor..." />}>
          <NewsletterEditor
            newsletter={editing}
            onClose={() => setEditingId(null)}
            onSend={(newsletter) => {
              setEditingId(null);
              send(newsletter);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** This month (UTC, as the server counts) or, once it has a newsletter, the next one. */
function firstFreeMonth(list: Array<{ month: number; year: number }>, now: Date) {
  const months = [0, 1].map((ahead) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  });
  const free =
    months.find((m) => !list.some((n) => n.month === m.month && n.year === m.year)) ?? months[1];
  return {
    key: `${free.year}-${String(free.month).padStart(2, "0")}`,
    label: `${monthName(free.month)} ${free.year}`,
  };
}

/** The newsletter open in the editor, named by the address (/admin/newsletters/<id>). */
function useEditedNewsletter<T extends { id: number }>(list: T[], loaded: boolean) {
  const { view, go } = useAdminView();
  const editingId = view?.newsletterId ?? null;
  const setEditingId = (id: number | null) =>
    go({ section: "operations", part: "newsletters", newsletterId: id ?? undefined });
  const editing = list.find((n) => n.id === editingId) ?? null;
  const missing = loaded && editingId !== null && editing === null;
  // An address naming a newsletter that is sent or deleted leads back to the dashboard.
  useEffect(() => {
    if (missing) go({ section: "operations", part: "newsletters" }, { replace: true });
  }, [missing, go]);
  return { editingId, editing, setEditingId };
}

/** A progress bar for each send started here or still running; the ones started here dismiss. */
function SendsInProgress({
  progress,
  tracked,
  onDismiss,
}: {
  progress: TrackedSend[];
  tracked: TrackedSend[];
  onDismiss: (id: number) => void;
}) {
  if (progress.length === 0) return null;
  return (
    <section aria-label="Newsletter sends" className="grid gap-3">
      {progress.map((t) => (
        <div key={t.id} className="grid gap-2 rounded-lg border border-coffee-200 p-3">
          <p className="font-medium break-words">{t.title}</p>
          <SendProgress source={newsletterSendStatus(t.id)} title={t.title} />
          {tracked.some((x) => x.id === t.id) && (
            <Button
              size="sm"
              variant="ghost"
              className="justify-self-start"
              onClick={() => onDismiss(t.id)}
            >
              Dismiss
            </Button>
          )}
        </div>
      ))}
    </section>
  );
}
