import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";

/** Email Send Logs tab of the admin dashboard; placeholder until its feature is built. */
export function EmailLogsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Send Logs</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
