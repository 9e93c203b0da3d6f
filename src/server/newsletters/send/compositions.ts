import type { AppContext } from "../../context";
import { type Composition, compose } from "../compose/composer";
import { findNewsletter } from "../present";
import { type FailedAttempt, renderFailure } from "./outcome";

/**
 * The worker's composed newsletters: each is composed and its layouts rendered once per process
 * and send (compose/README.md), then every claimed delivery only fills in its person. A newsletter
 * that cannot be composed gives every delivery of the batch the render failure; it is composed
 * again for the next batch.
 */
export function createCompositionCache(ctx: AppContext) {
  const cache = new Map<number, Promise<Composition>>();
  return {
    get(newsletterId: number): Promise<Composition | FailedAttempt> {
      let entry = cache.get(newsletterId);
      if (!entry) {
        entry = composeQueued(ctx, newsletterId).then(async (composition) => {
          await composition.prepare();
          return composition;
        });
        cache.set(newsletterId, entry);
        entry.catch(() => cache.delete(newsletterId));
      }
      return entry.catch((error: Error) => renderFailure(error));
    },
    forget: (newsletterId: number) => cache.delete(newsletterId),
    clear: () => cache.clear(),
  };
}

async function composeQueued(ctx: AppContext, newsletterId: number): Promise<Composition> {
  const newsletter = await findNewsletter(ctx, newsletterId);
  return compose(ctx, { newsletter: newsletter ?? newsletterId });
}
