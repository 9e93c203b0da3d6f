import { Card, CardContent } from "../../../components/ui/card";
import { useEnhancedMetrics } from "../metrics/metrics-queries";

/** The four company-wide counters at the top of the Operations tab (the metrics tab's source). */
export function StatusCounters() {
  const counts = useEnhancedMetrics().data?.userMetrics;
  const items = [
    { label: "Total Users", value: counts?.totalRegistered },
    { label: "Active", value: counts?.activeParticipants },
    { label: "Paused", value: counts?.pausedUsers },
    { label: "Opted Out", value: counts?.optedOutUsers },
  ];
  return (
    <section aria-label="User counts">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.label}>
            <Card>
              <CardContent className="p-4">
                <p className="text-sm font-medium text-coffee-700">{item.label}</p>
                <p className="text-2xl font-bold text-coffee-900">{item.value ?? "–"}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
