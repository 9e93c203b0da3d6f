import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";

/** An admin dashboard tab whose feature is still to be built: its title and a short notice. */
export function BuildingTab({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
