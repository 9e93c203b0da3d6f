import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";

/** Admin Tools tab of the admin dashboard; placeholder until its feature is built. */
export function AdminToolsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Tools</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
