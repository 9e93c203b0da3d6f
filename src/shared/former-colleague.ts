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

/**
 * The address of stand-in `position` (1 to 4): old history's members become these once the
 * retention setting anonymises them, one per member position, so a match keeps its size.
 */
export const standInAddress = (position: number) => `former-colleague-${position}${ERASED_DOMAIN}`;

/** SQL LIKE pattern of every stand-in's address. */
export const STAND_IN_LIKE = `former-colleague-%${ERASED_DOMAIN}`;
