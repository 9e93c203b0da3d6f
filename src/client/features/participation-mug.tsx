import type { ParticipationStatus } from "@shared/enums";
import { participationFill } from "@shared/participation";
import { useEffect, useId, useState } from "react";
import { cn } from "../lib/cn";

/** The fill animation starts this long after the mug appears. */
export const MUG_FILL_DELAY_MS = 200;

const liquid: Record<ParticipationStatus, string> = {
  active: "#6f4428",
  paused: "#d97706",
  opted_out: "#9ca3af",
};

const statusWords: Record<ParticipationStatus, string> = {
  active: "Active",
  paused: "Paused",
  opted_out: "Opted Out",
};

/**
 * How often the steam pulses (2 s each) and the bubbles bounce (1 s each, the last starting
 * 600 ms late): all still within 5 s. Motion that starts by itself beside the page's content stops
 * within five seconds (WCAG 2.2.2), and an endless one kept the browser drawing a frame 60 times a
 * second, about a quarter of a core for each open page that showed the mug.
 */
const STEAM_PULSES = 2;
const BUBBLE_BOUNCES = 3;

/**
 * A coffee mug whose level shows participation: full when active, empty when opted out, and for
 * a pause the time left (see participationFill). Steam and bubbles only when active, moving for a
 * few seconds. The level rises from empty after 200 ms; with reduced motion it is drawn at once
 * and nothing moves.
 */
export function ParticipationMug({
  status,
  pauseEndDate,
  className,
}: {
  status: ParticipationStatus;
  pauseEndDate: string | null | undefined;
  className?: string;
}) {
  const clipId = useId();
  const target = Math.round(participationFill(status, pauseEndDate, Date.now()));
  const [fill, setFill] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setFill(target), MUG_FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
  const active = status === "active";

  return (
    <svg
      viewBox="0 0 120 130"
      role="img"
      aria-label={`Participation: ${statusWords[status]}. Mug ${target}% full.`}
      data-fill={fill}
      data-target-fill={target}
      className={cn("h-36 w-auto", className)}
    >
      <defs>
        <clipPath id={clipId}>
          <path d="M22 40 h60 v62 a14 14 0 0 1 -14 14 h-32 a14 14 0 0 1 -14 -14 z" />
        </clipPath>
      </defs>
      {active && <MugSteam />}
      <g clipPath={`url(#${clipId})`}>
        <rect x="22" y="40" width="60" height="76" fill="#fffaf3" />
        <rect
          x="22"
          y="40"
          width="60"
          height="76"
          fill={liquid[status]}
          style={{
            transform: `scaleY(${fill / 100})`,
            transformBox: "fill-box",
            transformOrigin: "bottom",
          }}
          className="motion-safe:transition-transform motion-safe:duration-1000 motion-safe:ease-out"
        />
        {active && fill > 0 && <MugBubbles />}
      </g>
      <path
        d="M22 40 h60 v62 a14 14 0 0 1 -14 14 h-32 a14 14 0 0 1 -14 -14 z"
        fill="none"
        stroke="#4d3120"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M82 54 h8 a14 14 0 0 1 0 28 h-8"
        fill="none"
        stroke="#4d3120"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The bubbles: where each sits and how late it starts bouncing. */
const bubbles = [
  { cx: 36, cy: 100, r: 2.5, delayMs: 0 },
  { cx: 52, cy: 90, r: 2, delayMs: 300 },
  { cx: 66, cy: 104, r: 3, delayMs: 600 },
];

/** Bubbles rising in an active mug. */
function MugBubbles() {
  return (
    <g data-testid="mug-bubbles" fill="#fef3c7" opacity="0.8">
      {bubbles.map(({ cx, cy, r, delayMs }) => (
        <circle
          key={cx}
          cx={cx}
          cy={cy}
          r={r}
          className="motion-safe:animate-bounce"
          style={{ animationDelay: `${delayMs}ms`, animationIterationCount: BUBBLE_BOUNCES }}
        />
      ))}
    </g>
  );
}

/** Steam above an active mug. */
function MugSteam() {
  return (
    <g
      data-testid="mug-steam"
      fill="none"
      stroke="#a8a29e"
      strokeWidth="3"
      strokeLinecap="round"
      className="motion-safe:animate-pulse"
      style={{ animationIterationCount: STEAM_PULSES }}
    >
      <path d="M38 30 q-6 -8 0 -14 q6 -6 0 -12" />
      <path d="M52 30 q-6 -8 0 -14 q6 -6 0 -12" />
      <path d="M66 30 q-6 -8 0 -14 q6 -6 0 -12" />
    </g>
  );
}
