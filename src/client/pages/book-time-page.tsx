import { bookedText, bookingTimeLabel } from "@shared/booking";
import { CHAT_DURATION_MINUTES } from "@shared/matches";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/routes";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import { AuthShell } from "../features/auth-shell";
import { matchesApi } from "../lib/api/matches";

function readLink(): { token: string; start: string } {
  const query = new URLSearchParams(window.location.search);
  const start = query.get("start") ?? "";
  const valid = !Number.isNaN(new Date(start).getTime()) && start !== "";
  return { token: query.get("token") ?? "", start: valid ? start : "" };
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A proposed time from an e-mail (/book-time?token=…&start=…, docs/scheduling.md, "Booking from an
 * e-mail"): the page shows the time in the reader's zone and a button. Opening it changes nothing
 * (mail scanners open links); only the press books. No sign-in: the signed token names the person
 * and the match.
 */
export function BookTimePage() {
  const [link] = useState(readLink);
  const [zone] = useState(browserZone);
  const book = useMutation({ mutationFn: () => matchesApi.bookByLink(link.token, link.start) });
  const when = link.start ? bookingTimeLabel(link.start, zone) : "";
  return (
    <AuthShell title="Book your coffee chat">
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight text-coffee-900">
            Book your coffee chat
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          {link.token === "" || link.start === "" ? (
            <Alert variant="destructive">
              <AlertDescription>
                This link is incomplete. Please use the link from your e-mail.
              </AlertDescription>
            </Alert>
          ) : book.isSuccess ? (
            <Alert variant="success" role="status">
              <AlertTitle>{bookedText(book.data.invitation.start, zone)}</AlertTitle>
              <AlertDescription>
                {book.data.message} You can move it on your{" "}
                <Link to={paths.matches}>Matches page</Link>.
              </AlertDescription>
            </Alert>
          ) : (
            <>
              <p className="text-sm text-coffee-800">
                {when}, your time ({zone.replaceAll("_", " ")}), for {CHAT_DURATION_MINUTES}{" "}
                minutes. One press books it for everyone in your match: each of you gets the
                calendar invitation.
              </p>
              {book.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{book.error.message}</AlertDescription>
                </Alert>
              ) : null}
              <Button disabled={book.isPending} onClick={() => book.mutate()}>
                {book.isPending ? "Booking…" : `Book ${when}`}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
