import { CheckCircle2, XCircle } from "lucide-react";
import { Spinner } from "../../../components/ui/spinner";
import { usePairingValidation } from "./pairing-queries";

/** Who can be paired in the selected group, and whether the numbers work out. */
export function EligibilityBox({ groupId }: { groupId: number | null }) {
  const validation = usePairingValidation(groupId);
  if (validation.isLoading) return <Spinner label="Checking pairing eligibility..." />;
  if (validation.isError || !validation.data) {
    return <p className="text-sm text-red-700">Failed to fetch pairing validation</p>;
  }
  const { statusCounts: c, eligibility: e } = validation.data;
  const excluded = c.opted_out + c.paused + c.inactive;
  return (
    <section
      aria-label="Pairing eligibility"
      className="grid gap-3 rounded-lg border border-coffee-200 bg-coffee-50 p-4"
    >
      <h3 className="font-semibold text-coffee-900">Pairing Eligibility</h3>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ["Total Users", c.total],
          ["Ready to Pair", c.truly_active],
          ["Excluded", excluded],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-white p-2">
            <dt className="text-xs font-medium text-coffee-700">{label}</dt>
            <dd className="text-xl font-bold text-coffee-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="grid gap-1 text-sm">
        <li className="flex flex-wrap items-center gap-2">
          <Check ok={e.hasMinimumUsers} />
          <span className="font-medium">Minimum Users:</span>
          <span>
            {e.hasMinimumUsers ? "Met" : "Not met"} ({c.truly_active} of {e.minimumRequired}{" "}
            required)
          </span>
        </li>
        <li className="flex flex-wrap items-center gap-2">
          <Check ok={e.hasEvenNumbers} />
          <span className="font-medium">Even Numbers:</span>
          <span>
            {e.hasEvenNumbers ? "Yes" : "No"} ({e.hasEvenNumbers ? "Even" : "Odd"})
          </span>
        </li>
      </ul>
    </section>
  );
}

function Check({ ok }: { ok: boolean }) {
  return ok ? (
    <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" />
  ) : (
    <XCircle aria-hidden="true" className="size-4 text-red-700" />
  );
}
