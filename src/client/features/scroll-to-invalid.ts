import { type RefObject, useCallback, useEffect, useState } from "react";

/**
 * After a failed submit, brings a form's first invalid field to the middle of the screen and
 * focuses it. Centring keeps it clear of the sticky header, which a plain focus() scroll can
 * leave covering the field. Call the returned function with a CSS selector for that field.
 */
export function useScrollToField(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (!request) return;
    const field = formRef.current?.querySelector<HTMLElement>(request.selector);
    if (!field) return;
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  }, [request, formRef]);
  return useCallback((selector: string) => setRequest({ selector }), []);
}
