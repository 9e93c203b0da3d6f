import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";

/** Image Gallery tab of the admin dashboard; placeholder until its feature is built. */
export function ImagesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Image Gallery</CardTitle>
        <CardDescription>This section is being built.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
