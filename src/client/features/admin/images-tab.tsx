import { BuildingTab } from "./building-tab";

/** Image Gallery tab of the admin dashboard; placeholder until its feature is built. */
export function ImagesTab() {
  return <BuildingTab title="Image Gallery" />;
}
