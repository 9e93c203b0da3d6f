import { Text } from "@react-email/components";
import { bookingTimeLabel } from "../../../shared/booking";
import { zoneNameForPeople } from "../../../shared/zone-names";
import { EmailButton } from "./email-button";

export type ProposedTimesBlockProps = {
  /** The proposed times (ISO 8601 instants), at most three. */
  times: ReadonlyArray<{ start: string }>;
  /** The reader's IANA zone: each time is shown in it. */
  zone: string;
  /** The signed `/book-time` link of each time, in the order of `times`. */
  links: readonly string[];
  /** Each time's label when made already (a match e-mail's per-reader slots); else from `zone`. */
  labels?: readonly string[];
  /** The zone as written when made already (a match e-mail's per-reader slot); else from `zone`. */
  zoneName?: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/**
 * The three times that fit everyone in a match, each a button to the page that books it
 * (docs/scheduling.md, "Booking from an e-mail"), in the reader's zone. Each button sits in its
 * own block, so the plain-text part shows one time and its link per line. Opening a link books
 * nothing: the page asks first (mail scanners open every link). Nothing when there are no times.
 */
export function ProposedTimesBlock(props: ProposedTimesBlockProps) {
  if (props.times.length === 0) return null;
  return (
    <>
      <Text>
        Times that fit everyone in your match, in your time zone,{" "}
        {props.zoneName ?? zoneNameForPeople(props.zone)}:
      </Text>
      {props.times.map((time, i) => (
        <div key={time.start}>
          <EmailButton href={props.links[i]} spaced>
            {props.labels?.[i] ?? bookingTimeLabel(time.start, props.zone)}
          </EmailButton>
        </div>
      ))}
      <Text style={small}>
        Each button opens a page that books the time for your whole match once you confirm there;
        everyone then gets the calendar invitation.
      </Text>
    </>
  );
}
