import { PlaceholderPage } from "../features/placeholder-page";

/** Admin dashboard without the admin check (/admin-demo). To be built. */
export function AdminDemoPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard (Demo)"
      description="The admin dashboard without the admin check."
    />
  );
}
