import type { SendStatusResponse as SendStatus } from "@shared/newsletters";
import { atInZone } from "@shared/zone-clock";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "../../../components/ui/toast";
import { newsletterKeys, newslettersApi } from "../../../lib/api/admin-newsletters";
import { useCompanyTimeZone } from "../use-company-time-zone";
import { refreshNewsletterData } from "./newsletter-queries";

const POLL_MS = 1000;

/** A send has ended when nothing is pending and every recipient is sent or failed. */
export function isSendDone(status: SendStatus | undefined): boolean {
  if (!status) return false;
  return (
    status.status === "sent" ||
    (status.pending === 0 && status.sent + status.failed >= status.total)
  );
}

/** Where a send's progress is read: a newsletter's send status, or the launch invitation's. */
export interface SendStatusSource {
  key: readonly unknown[];
  read: (signal?: AbortSignal) => Promise<SendStatus>;
}

/** A newsletter's send (GET …/send-status). */
export const newsletterSendStatus = (id: number): SendStatusSource => ({
  key: newsletterKeys.sendStatus(id),
  read: (signal) => newslettersApi.sendStatus(id, signal),
});

/** Polls the send's status once a second until the send has ended. */
function useSendStatus(source: SendStatusSource) {
  return useQuery<SendStatus>({
    queryKey: source.key,
    queryFn: ({ signal }) => source.read(signal),
    staleTime: 0,
    refetchInterval: (query) =>
      isSendDone(query.state.data) || query.state.error ? false : POLL_MS,
  });
}

/** After this long a send is announced as slow (it goes on in the background). */
const SEND_TIMEOUT_MS = 5 * 60 * 1000;

/** The end-of-send toast (once), the refresh of the list and logs, and the slow-send notice. */
function useAnnounceDone(status: SendStatus | undefined, what: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  const announced = useRef(false);
  const done = isSendDone(status);
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(
      () =>
        toast({
          title: "Still sending",
          description: `${what} sending is taking longer than expected but may still be processing in the background`,
          duration: 7000,
        }),
      SEND_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [done, what]);
  useEffect(() => {
    if (!done || !status || announced.current) return;
    announced.current = true;
    toast(
      status.status === "approved"
        ? {
            title: `${what} not sent`,
            description: `${status.sent} sent, ${status.failed} failed: some e-mails could not be built. The send log says why; fix it and send again to reach the rest.`,
            variant: "destructive",
            duration: 10_000,
          }
        : {
            title: `${what} sent`,
            description: `Sent to ${status.total} recipients. ${status.sent} successful, ${status.failed} failed.`,
            duration: 5000,
          },
    );
    void refreshNewsletterData(queryClient);
    onDone?.();
  }, [done, status, queryClient, what, onDone]);
}

/**
 * The progress of one send: a progress bar (role="progressbar", value = recipients done) with
 * counts, polled until every delivery has ended; while the mail server is out of reach, since
 * when (the send waits and resumes by itself).
 */
export function SendProgress({
  source,
  title,
  what = "Newsletter",
  onDone,
}: {
  source: SendStatusSource;
  title: string;
  /** What is sent, for the toasts ("Newsletter", "Invitation"). */
  what?: string;
  onDone?: () => void;
}) {
  const query = useSendStatus(source);
  const status = query.data;
  const zone = useCompanyTimeZone();
  useAnnounceDone(status, what, onDone);
  const done = isSendDone(status);
  const total = status?.total ?? 0;
  const finished = status ? status.sent + status.failed : 0;
  const percent = total > 0 ? Math.round((finished / total) * 100) : done ? 100 : 0;
  const summary = !status
    ? "Starting..."
    : done
      ? `Done: ${status.sent} sent, ${status.failed} failed of ${total}`
      : `${finished} of ${total} processed (${status.sent} sent, ${status.failed} failed)`;

  return (
    <div className="grid gap-2" data-state={done ? "done" : "sending"}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{done ? "Sent" : "Sending... (may take 2-3 minutes)"}</span>
        <span className="text-coffee-700" aria-live="polite">
          {summary}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Sending ${title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={summary}
        className="h-3 w-full overflow-hidden rounded-full bg-coffee-100"
      >
        <div
          className={done ? "h-full bg-green-700" : "h-full bg-amber-700 transition-[width]"}
          style={{ width: `${percent}%` }}
        />
      </div>
      {!done && status?.waitingSince && (
        <p className="text-sm text-amber-800" role="status">
          Waiting for the mail server since {atInZone(status.waitingSince, zone)}. The send resumes
          by itself when it answers again.
        </p>
      )}
      {query.isError && (
        <p className="text-sm text-red-700">
          The send status could not be read; the send goes on on the server. Refresh to check.
        </p>
      )}
    </div>
  );
}
