import { colleaguesMet } from "@shared/colleagues-met";
import { type MatchItem, matchStats } from "@shared/matches";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

/**
 * Stats: Total Matches = every match of yours; Coffee Chats and New Connections = chats that happened,
 * the current one included (src/shared/figure-definitions.ts);
 * and the colleagues and departments met in every chat that happened, this month's included.
 */
export function StatsCard({
  history,
  current = null,
  loading = false,
}: {
  history: readonly MatchItem[];
  current?: MatchItem | null;
  loading?: boolean;
}) {
  const stats = matchStats(history, current);
  const met = colleaguesMet(current ? [current, ...history] : history);
  const rows = [
    ["Total Matches", stats.totalMatches],
    ["Coffee Chats", stats.coffeeChats],
    ["New Connections", stats.newConnections],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse rounded-lg bg-coffee-50 p-3">
              <dt className="text-xs font-medium text-coffee-700">{label}</dt>
              <dd className="flex h-8 items-center justify-center text-2xl font-bold text-coffee-950">
                {loading ? <Skeleton className="h-6 w-8" /> : value}
              </dd>
            </div>
          ))}
        </dl>
        {!loading && <p className="mt-3 text-sm text-coffee-800">{metSentence(met)}</p>}
      </CardContent>
    </Card>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function metSentence({ colleagues, departments }: { colleagues: number; departments: number }) {
  if (colleagues === 0) return "The colleagues you meet through Cup of Joe will be counted here.";
  const from = departments > 0 ? ` from ${plural(departments, "department")}` : "";
  return `You have met ${plural(colleagues, "colleague")}${from} through Cup of Joe.`;
}
