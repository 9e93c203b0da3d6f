import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

/** Operations tab of the admin dashboard; placeholder until its feature is built. */
export function OperationsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Operations</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
