/**
 * How an erased person, or the stand-in that old history keeps, is named everywhere a name is
 * shown (docs/privacy.md): their row stays so counts stay true, but it names nobody.
 */
export const FORMER_COLLEAGUE = "a former colleague";

/** The domain of every address an erased person's row or a stand-in keeps: never deliverable. */
const ERASED_DOMAIN = "@erased.invalid";

/** True for the placeholder address of an erased person or of a stand-in. */
export const isErasedAddress = (email: string | null | undefined): boolean =>
  typeof email === "string" && email.toLowerCase().endsWith(ERASED_DOMAIN);
