import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { AppContext } from "../context";
import { createPollPause } from "../mail/wake-signal";
import { onChatWake } from "./chat-wake";
import { deliverDueChatMessages } from "./deliver-chat-messages";
import { queueDueNudges } from "./queue-nudges";

export interface ChatWorker {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs the chat passes (docs/chat.md, "Deliveries") in this process until stopped: queue the
 * due nudges, then deliver what is due, again at once while there was work, else after `pollMs`
 * or a wake. Started by start-server.ts beside the newsletter worker.
 */
export function startChatWorker(
  ctx: AppContext,
  { pollMs = 2000, log }: { pollMs?: number; log: (line: string) => void },
): ChatWorker {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const poll = createPollPause(pollMs);
  const unsubscribe = onChatWake(poll.wake);
  const loop = async () => {
    while (!poll.stopped) {
      poll.looking();
      const claimed = await (async () => {
        await queueDueNudges(ctx);
        return deliverDueChatMessages(ctx, { owner });
      })().catch((error: Error) => {
        if (!poll.stopped) log(`Chat deliveries: ${error.message}`);
        return 0;
      });
      if (claimed === 0) await poll.pause();
    }
  };
  const running = loop();
  return {
    wake: poll.wake,
    async stop() {
      poll.stop();
      unsubscribe();
      await running;
    },
  };
}
