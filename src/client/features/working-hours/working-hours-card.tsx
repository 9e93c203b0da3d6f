import { PROFILE_TIME_ZONE_ANCHOR } from "@shared/routes";
import { type MyWorkingHours, type WorkingDay, workingDayProblems } from "@shared/working-hours";
import { browserTimeZone } from "@shared/zone-clock";
import { currentZoneName, zoneNameForPeople } from "@shared/zone-names";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { profileApi, profileKeys } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";
import { ZonePicker } from "../zone-picker";
import { HoursEditor } from "./hours-editor";
import { TimeZonePrompt } from "./time-zone-prompt";

/**
 * "Time zone and working hours" on the profile (docs/profile.md). Opened as /profile#time-zone,
 * the page scrolls to it once it is drawn (it loads after the page, so the router's own scroll to
 * the anchor finds nothing yet).
 */
export function WorkingHoursCard() {
  const query = useQuery({
    queryKey: profileKeys.workingHours,
    queryFn: ({ signal }) => profileApi.workingHours(signal),
  });
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const drawn = query.isSuccess;
  useEffect(() => {
    if (drawn && hash === `#${PROFILE_TIME_ZONE_ANCHOR}`) card.current?.scrollIntoView();
  }, [drawn, hash]);
  return (
    <Card id={PROFILE_TIME_ZONE_ANCHOR} ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Time zone and working hours</CardTitle>
        <CardDescription>
          You are matched only with people whose working hours overlap yours, and your partners see
          your times in their own zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading..." />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(query.error, "Could not load your working hours.")}
          </p>
        ) : (
          <HoursForm data={query.data} browserZone={browserTimeZone()} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The zone the first-time question proposes (docs/profile.md): the company's for the person (its
 * directory or HR import), else the browser's, else the company's default; by its current name.
 */
export function proposedZone(data: MyWorkingHours, browserZone: string | null): string {
  return currentZoneName(data.ownTimeZone ? data.timeZone : (browserZone ?? data.timeZone));
}

/**
 * Until the zone is confirmed the list starts on the proposed zone and the question asks about
 * whatever the list shows, so "Yes" saves the zone the person read (docs/profile.md).
 */
export function HoursForm({
  data,
  browserZone,
}: {
  data: MyWorkingHours;
  browserZone: string | null;
}) {
  const client = useQueryClient();
  const proposed = proposedZone(data, browserZone);
  const [zone, setZone] = useState(
    data.timeZoneConfirmed ? currentZoneName(data.timeZone) : proposed,
  );
  const [own, setOwn] = useState(data.ownHours);
  const [hours, setHours] = useState<WorkingDay[]>(data.workingHours);
  const [saving, setSaving] = useState(false);
  // The server's refusal stays beside the button until the next save (a toast would vanish).
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (timeZone: string, workingHours: WorkingDay[] | null) => {
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await profileApi.saveWorkingHours({ timeZone, workingHours });
      client.setQueryData(profileKeys.workingHours, saved);
      toast({
        title: "Time zone and hours saved",
        description: `Your time zone is ${zoneNameForPeople(saved.timeZone)}.`,
      });
    } catch (failure) {
      setRefusal(errorMessage(failure, "Could not save. Please try again."));
    } finally {
      setSaving(false);
    }
  };
  const dayProblems = own ? workingDayProblems(hours).size : 0;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5 sm:max-w-lg">
      {!data.timeZoneConfirmed && (
        <TimeZonePrompt
          zone={zone}
          source={zone !== proposed ? "chosen" : data.ownTimeZone ? "company" : "browser"}
          saving={saving}
          onConfirm={() => void save(zone, data.ownHours ? data.workingHours : null)}
        />
      )}
      <ZonePicker label="Time zone" value={zone} onChange={setZone} searchId="time-zone-picker" />
      <label className="flex items-center gap-2 text-sm text-coffee-900">
        <input
          type="checkbox"
          checked={!own}
          onChange={(e) => {
            setOwn(!e.target.checked);
            if (e.target.checked) setHours(data.companyWorkingHours);
          }}
          className="size-4 accent-amber-700"
        />
        Use the company's working hours
      </label>
      <HoursEditor value={hours} onChange={setHours} disabled={!own} />
      <div className="grid gap-2">
        <div>
          <Button
            type="button"
            disabled={saving || dayProblems > 0}
            onClick={() => void save(zone, own ? hours : null)}
          >
            {saving ? "Saving..." : "Save time zone and hours"}
          </Button>
        </div>
        {dayProblems > 0 && (
          <p className="text-sm text-coffee-800">Correct the hours marked above to save.</p>
        )}
        {refusal && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {refusal}
          </p>
        )}
      </div>
    </div>
  );
}
