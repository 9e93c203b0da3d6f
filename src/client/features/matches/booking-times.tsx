import { bookedText, bookingTimeLabel, type MatchTimes, yourTimeText } from "@shared/booking";
import type { MatchItem } from "@shared/matches";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { ListSkeleton, type QueryLike, QueryState } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { matchesApi, matchKeys } from "../../lib/api/matches";
import { errorMessage } from "../../lib/api-client";
import { redirectIfUnauthorized } from "../unauthorized";
import { useMatchInvitation, useReaderZone } from "./use-matches";

/** Book (or move) and "None of these fit", each refreshing the booking and the times. */
function useBookingMutations(matchId: number, booked: string | undefined, onBooked: () => void) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchKeys.invitation(matchId) }),
      queryClient.invalidateQueries({ queryKey: matchKeys.times(matchId) }),
      // The dashboard's current match shows the booked time too.
      queryClient.invalidateQueries({ queryKey: matchKeys.current }),
    ]);
  const book = useMutation({
    // A move names the booking it replaces, as shown (the server refuses an unsaid one).
    mutationFn: (start: string) => matchesApi.book(matchId, start, booked),
    onSuccess: async (answer) => {
      toast({ title: "Coffee chat booked", description: answer.message });
      await refresh();
      onBooked();
    },
    onError: (error) => redirectIfUnauthorized(error),
  });
  const refuse = useMutation({
    mutationFn: (starts: string[]) => matchesApi.refuseTimes(matchId, starts),
    onSuccess: (answer) => queryClient.setQueryData(matchKeys.times(matchId), answer),
    onError: (error) => redirectIfUnauthorized(error),
  });
  return { book, refuse };
}

/**
 * Three times that fit everyone in the match, in the reader's own zone, each a button that books
 * it for the whole match (docs/matches.md, "Booking a time"); once booked, "Booked: Tue, Mar 3,
 * 10:00 Central European Time (Europe/Berlin)" with Move, which lists the times again.
 */
export function BookingTimes({ item }: { item: MatchItem }) {
  const matchId = item.match.id;
  const zone = useReaderZone(item);
  const headingId = useId();
  const bookedRef = useRef<HTMLParagraphElement>(null);
  const [moving, setMoving] = useState(false);
  const invitation = useMatchInvitation(matchId);
  const times = useQuery({
    queryKey: matchKeys.times(matchId),
    queryFn: ({ signal }) => matchesApi.times(matchId, signal),
  });
  // Focus goes to "Booked: …" once the refreshed booking is drawn, not when the request returns
  // (the paragraph may not be on the page yet then).
  const [focusBooked, setFocusBooked] = useState(false);
  const booked = invitation.data?.invitation;
  const { book, refuse } = useBookingMutations(matchId, booked?.start, () => {
    setMoving(false);
    setFocusBooked(true);
  });
  useEffect(() => {
    if (!focusBooked || !booked || !bookedRef.current) return;
    bookedRef.current.focus();
    setFocusBooked(false);
  }, [focusBooked, booked]);
  const busy = book.isPending || refuse.isPending;
  const failed = book.error ?? refuse.error;
  const noneFit = () => {
    refuse.mutate(times.data?.times.map((time) => time.start) ?? []);
    setMoving(true);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-coffee-200 bg-coffee-50 p-4"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-coffee-950">
        <CalendarCheck aria-hidden="true" className="size-5 text-coffee-700" />
        Coffee chat time
      </h3>
      {invitation.isPending ? (
        <ListSkeleton label="Loading your booking..." rows={1} />
      ) : booked ? (
        <p ref={bookedRef} tabIndex={-1} role="status" className="font-medium text-coffee-900">
          {bookedText(booked.start, zone)}
        </p>
      ) : null}
      {booked && !moving ? (
        <div className="flex flex-wrap gap-2">
          {/* No times are listed beside the booking, so there is nothing to say "none fit" to:
              Move shows them, with None of these fit. */}
          <Button variant="outline" disabled={busy} onClick={() => setMoving(true)}>
            Move
          </Button>
        </div>
      ) : (
        !invitation.isPending && (
          <TimeChoices
            times={times}
            zone={zone}
            busy={busy}
            onBook={(start) => book.mutate(start)}
            onNoneFit={noneFit}
            onKeep={booked ? () => setMoving(false) : undefined}
          />
        )
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failed, "That did not work. Please try again.")}
        </p>
      )}
    </section>
  );
}

/** The proposed times as buttons in the reader's zone, with None of these fit (and Keep when moving). */
function TimeChoices({
  times,
  zone,
  busy,
  onBook,
  onNoneFit,
  onKeep,
}: {
  times: QueryLike<MatchTimes>;
  zone: string;
  busy: boolean;
  onBook: (start: string) => void;
  onNoneFit: () => void;
  onKeep?: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  // Move opens the choices: the first time takes the focus so the keyboard stays in place.
  const moving = Boolean(onKeep);
  useEffect(() => {
    if (moving) first.current?.focus();
  }, [moving]);
  return (
    <QueryState
      query={times}
      failure="Failed to load times for your chat"
      loading={<ListSkeleton label="Finding times that suit everyone..." rows={3} />}
      isEmpty={() => false}
    >
      {(data) => (
        <div className="space-y-3">
          {data.times.length === 0 ? (
            <p className="text-sm text-coffee-800">
              No time in the next ten working days fits everyone. Pick one yourself with Schedule
              Coffee Chat.
            </p>
          ) : (
            <>
              <p className="text-sm text-coffee-800">
                These fit everyone's working hours. Times in {yourTimeText(zone)}; one press books
                it for everyone.
              </p>
              <ul className="grid gap-2 sm:grid-cols-3">
                {data.times.map((time, i) => (
                  <li key={time.start}>
                    <Button
                      ref={i === 0 ? first : undefined}
                      variant="secondary"
                      className="w-full"
                      disabled={busy}
                      aria-label={`Book ${bookingTimeLabel(time.start, zone)}`}
                      onClick={() => onBook(time.start)}
                    >
                      {bookingTimeLabel(time.start, zone)}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            {data.times.length > 0 && (
              <Button variant="ghost" disabled={busy} onClick={onNoneFit}>
                None of these fit
              </Button>
            )}
            {onKeep && (
              <Button variant="outline" disabled={busy} onClick={onKeep}>
                Keep the booked time
              </Button>
            )}
          </div>
        </div>
      )}
    </QueryState>
  );
}
