import type { AppContext } from "../context";
import { createPollPause } from "../mail/wake-signal";
import { newOwnerId, runDueStages } from "./run-due-stages";

export interface RoundSchedulerOptions {
  /** How often it looks for due stages; stages are due at 09:00, so a minute is plenty. */
  pollMs?: number;
  leaseMs?: number;
  log: (line: string) => void;
}

export interface RoundScheduler {
  readonly id: string;
  /** Look now (e.g. after an admin changed the settings). */
  wake(): void;
  /** Lets a stage under way finish, then stops. */
  stop(): Promise<void>;
}

/**
 * The rounds' timer in every app process (start-server.ts): runs the due stages at start and
 * then every `pollMs`. Several processes on one database run each stage once (run-due-stages.ts).
 */
export function startRoundScheduler(
  ctx: AppContext,
  options: RoundSchedulerOptions,
): RoundScheduler {
  const id = newOwnerId();
  const poll = createPollPause(options.pollMs ?? 60_000);
  const loop = async () => {
    while (!poll.stopped) {
      poll.looking();
      try {
        await runDueStages(ctx, { owner: id, leaseMs: options.leaseMs, log: options.log });
      } catch (error) {
        if (!poll.stopped) options.log(`Rounds: ${(error as Error).message}`);
      }
      await poll.pause();
    }
  };
  const running = loop();
  return {
    id,
    wake: poll.wake,
    async stop() {
      poll.stop();
      await running;
    },
  };
}
