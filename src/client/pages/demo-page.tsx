import { PlaceholderPage } from "../features/placeholder-page";

/** Demo page (/demo) with four tabs of sample content. To be built. */
export function DemoPage() {
  return (
    <PlaceholderPage
      title="Cup of Joe Demo"
      description="See how profiles, sign-in, matching and the monthly newsletter work."
    />
  );
}
