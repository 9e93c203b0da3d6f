import type { PublicFigures } from "@shared/public-figures";
import { useEffect, useState } from "react";
import { publicApi } from "../../lib/api/public";
import { PRODUCT_NAME } from "../../lib/brand";

type FiguresState =
  | { status: "loading" }
  | { status: "shown"; figures: PublicFigures }
  | { status: "none" };

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

/** Both figures above zero, or nothing to claim (the landing page ships without zod). */
function showable(body: unknown): PublicFigures | null {
  if (typeof body !== "object" || body === null) return null;
  const { peopleTakingPart, chatsHappened } = body as Record<string, unknown>;
  return isCount(peopleTakingPart) && isCount(chatsHappened)
    ? { peopleTakingPart, chatsHappened }
    : null;
}

/**
 * Asks for the public figures once the page is on screen (an effect runs after the first paint),
 * with a plain request: the landing page carries no query cache.
 */
function useCompanyFigures(): FiguresState {
  const [state, setState] = useState<FiguresState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    publicApi
      .figures(controller.signal)
      .then((body) => {
        const figures = showable(body);
        setState(figures ? { status: "shown", figures } : { status: "none" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "none" });
      });
    return () => controller.abort();
  }, []);
  return state;
}

const figureCards = [
  {
    key: "peopleTakingPart",
    label: "People taking part",
    text: "colleagues in the next monthly pairing",
  },
  {
    key: "chatsHappened",
    label: "Coffee chats that happened",
    text: "matches where someone said they met, or that were marked completed",
  },
] as const;

/**
 * The company's own figures (docs/admin-console.md, "The landing page's figures"); nothing when
 * there is no data or the request fails. While loading, cards of the same size hold the place.
 */
export function CompanyFigures() {
  const state = useCompanyFigures();
  if (state.status === "none") return null;
  const figures = state.status === "shown" ? state.figures : null;
  return (
    <div className="mt-10" aria-busy={figures === null}>
      <p className="text-sm text-coffee-100">Counted today on {PRODUCT_NAME} here:</p>
      <dl className="mt-4 grid gap-6 sm:grid-cols-2">
        {figureCards.map((card) => (
          <div
            key={card.key}
            className="flex flex-col rounded-xl border border-coffee-700 bg-coffee-800 p-6"
          >
            <dt className="order-2 mt-2 text-lg font-semibold text-white">{card.label}</dt>
            <dd className="order-1 text-4xl font-extrabold tracking-tight text-amber-300">
              {figures ? (
                figures[card.key].toLocaleString("en")
              ) : (
                <span className="inline-block h-[1em] w-24 animate-pulse rounded bg-coffee-700 align-middle" />
              )}
            </dd>
            <dd className="order-3 mt-1 text-sm text-coffee-100">{card.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
