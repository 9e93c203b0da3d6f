import type { OtherChannel } from "../../shared/channels";
import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import { backoffDelayMs } from "../mail/mail-failure";
import type { ChannelTransport, SendOutcome } from "./channels";
import {
  claimNextOnLane,
  holdOnLane,
  recordLaneEnded,
  recordLaneRetry,
  recordLaneSent,
} from "./lane-ledger";
import type { ChannelKindLookup } from "./message-kind";
import { readPayload } from "./read-payload";
import { DEFAULT_HORIZON_MS, DEFAULT_RETRY, pastHorizon } from "./retry-policy";

export const CHANNEL_LEASE_MS = 60_000;

export interface ChannelLaneOptions {
  /** Who claims (`host:pid:random`): a row is settled only by its claimer. */
  owner: string;
  /** Each channel's transport (docs/chat.md, "Adding a channel"); a row of none fails. */
  transports: Partial<Record<OtherChannel, ChannelTransport>>;
  /**
   * The kind a row of a channel names (jobs/message-kinds.ts, the one registry): its payload is
   * parsed with the kind's schema before the transport sees it, and a row that does not parse
   * fails with the reason, said in the log.
   */
  kindNamed: ChannelKindLookup;
  leaseMs?: number;
  /** How long a receiver has to answer (the transport's own default otherwise). */
  timeoutMs?: number;
  /** True once the job was asked to stop: a lane finishes its message in flight and takes no more. */
  stopping?: () => boolean;
  /** Where a lane that threw is reported. */
  log?: (line: string) => void;
  /**
   * Before the outcome is recorded (a fallback that must be queued durably first, so a crash in
   * between tries the row again rather than losing it).
   */
  beforeSettle?: (row: OutgoingMessageRow, outcome: SendOutcome) => Promise<unknown>;
  /** After the outcome is recorded (a late answer shown, an endpoint's breaker counted). */
  afterSettle?: (row: OutgoingMessageRow, outcome: SendOutcome) => Promise<unknown>;
}

/** The lanes of one worker (docs/chat.md, "Lanes and the breaker"). */
export interface ChannelLanes {
  /** Claims the earliest due message of a lane not running here, or null when none is due. */
  claim(): Promise<OutgoingMessageRow | null>;
  /** Runs the claimed row's lane beside the others: that row, then its lane's next due rows. */
  start(row: OutgoingMessageRow): void;
  /** Resolves once every lane started here has finished. */
  drain(): Promise<void>;
  /** Rows claimed so far, by `claim` and by the lanes. */
  readonly claimed: number;
}

/**
 * Slack and each webhook endpoint are lanes (docs/chat.md, "Lanes and the breaker"): a lane sends
 * one message at a time, each held again just before its send and settled right after its answer,
 * so a crash repeats at most the message in flight; lanes run side by side, so a receiver that
 * never answers delays only its own lane. A lane stops at a message to retry (its receiver is in
 * trouble; the message waits for its backoff) and when the job stops.
 */
export function channelLanes(ctx: AppContext, options: ChannelLaneOptions): ChannelLanes {
  const { owner, leaseMs = CHANNEL_LEASE_MS, stopping = () => false, log = () => {} } = options;
  const running = new Map<string, Promise<void>>();
  let claimed = 0;
  const claimNext = async (lane?: string) => {
    const row = await claimNextOnLane(ctx.db, owner, {
      now: ctx.clock.now(),
      leaseMs,
      lane,
      busyLanes: lane === undefined ? [...running.keys()] : [],
    });
    if (row) claimed++;
    return row;
  };
  const runLane = async (first: OutgoingMessageRow) => {
    for (let row: OutgoingMessageRow | null = first; row; ) {
      const outcome = await deliverOne(ctx, row, { ...options, leaseMs });
      if (!outcome || outcome.kind === "retry" || stopping()) return;
      row = await claimNext(row.lane);
    }
  };
  return {
    claim: () => claimNext(),
    start(row) {
      const lane = row.lane;
      const done = runLane(row)
        .catch((error: Error) => log(`Deliveries: lane ${lane} stopped: ${error.message}`))
        .finally(() => running.delete(lane));
      running.set(lane, done);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running.values());
    },
    get claimed() {
      return claimed;
    },
  };
}

/** Holds, sends and settles one row; undefined when the row was taken over meanwhile. */
async function deliverOne(
  ctx: AppContext,
  row: OutgoingMessageRow,
  options: ChannelLaneOptions & { leaseMs: number },
): Promise<SendOutcome | undefined> {
  const { owner, leaseMs } = options;
  if (!(await holdOnLane(ctx.db, row, owner, { now: ctx.clock.now(), leaseMs }))) return;
  const attempt = await attemptSend(row, options);
  const outcome = finalOutcome(row, attempt, ctx.clock.now());
  await options.beforeSettle?.(row, outcome);
  await settle(ctx, row, owner, outcome);
  await options.afterSettle?.(row, outcome);
  return outcome;
}

/** The row sent by its channel's transport with its payload parsed, or why it cannot be sent. */
async function attemptSend(
  row: OutgoingMessageRow,
  options: ChannelLaneOptions,
): Promise<SendOutcome> {
  const transport = options.transports[row.channel as OtherChannel];
  if (!transport) {
    return {
      kind: "ended",
      state: "failed",
      error: `No transport for the channel ${row.channel}.`,
    };
  }
  const payload = readPayload(options.kindNamed(row.channel, row.kind), row);
  if ("unreadable" in payload) {
    options.log?.(`Deliveries: the ${row.channel} message ${row.id} failed: ${payload.unreadable}`);
    return { kind: "ended", state: "failed", error: payload.unreadable };
  }
  return transport({ ...row, data: payload.data }, { timeoutMs: options.timeoutMs });
}

/** An outage past the retry horizon gives up: the attempt's outcome is then a failure. */
function finalOutcome(row: OutgoingMessageRow, outcome: SendOutcome, now: Date): SendOutcome {
  if (outcome.kind !== "retry" || outcome.afterMs !== undefined) return outcome;
  if (!pastHorizon(row.firstFailedAt, now, DEFAULT_HORIZON_MS)) return outcome;
  return { kind: "ended", state: "failed", error: `Gave up after 24 hours: ${outcome.error}` };
}

async function settle(
  ctx: AppContext,
  row: OutgoingMessageRow,
  owner: string,
  outcome: SendOutcome,
) {
  const now = ctx.clock.now();
  if (outcome.kind === "sent") return recordLaneSent(ctx.db, row, owner, now, outcome.result);
  if (outcome.kind === "ended") {
    return recordLaneEnded(ctx.db, row, owner, outcome.state, outcome.error);
  }
  const delay = outcome.afterMs ?? backoffDelayMs(row.attempts, DEFAULT_RETRY);
  return recordLaneRetry(ctx.db, row, owner, {
    at: new Date(now.getTime() + delay),
    error: outcome.error,
    firstFailedAt: row.firstFailedAt ?? now,
  });
}
