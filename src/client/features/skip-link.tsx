/** "Skip to main content" link, visible only when focused. Target: an element with id="main". */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-coffee-900 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
