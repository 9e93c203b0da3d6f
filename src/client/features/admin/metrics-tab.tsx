import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";

/** Analytics & Metrics tab of the admin dashboard; placeholder until its feature is built. */
export function MetricsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Analytics & Metrics</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
