import { Card, CardContent } from "../../../components/ui/card";
import { usePairingValidation } from "./pairing-queries";

/** The four company-wide counters at the top of the Operations tab. */
export function StatusCounters() {
  const validation = usePairingValidation(null);
  const counts = validation.data?.statusCounts;
  const items = [
    { label: "Total Users", value: counts?.total },
    { label: "Active", value: counts?.truly_active },
    { label: "Paused", value: counts?.paused },
    { label: "Opted Out", value: counts?.opted_out },
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
