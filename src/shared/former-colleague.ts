/**
 * How an erased person whose access had been removed (deactivated, off the whitelist, deprovisioned),
 * or the stand-in that old history keeps, is named everywhere a name is shown (docs/privacy.md):
 * their row stays so counts stay true, but it names nobody.
 */
export const FORMER_COLLEAGUE = "a former colleague";

/**
 * How a person who deleted their account (or was erased on request) while they still had access is
 * named: they may well still work there, so "former colleague" would not be true (docs/privacy.md).
 */
export const LEFT_THE_PROGRAMME = "someone who left the programme";

/** The domain of every address an erased person's row or a stand-in keeps: never deliverable. */
const ERASED_DOMAIN = "@erased.invalid";

/** The start of the placeholder address of a person erased while they still had access. */
const LEFT_PREFIX = "left-";

/**
 * The placeholder address an erased person's row keeps: unique, never deliverable, and saying
 * which of the two names above is true for them.
 */
export const erasedAddress = (id: string, accessRemoved: boolean) =>
  `${accessRemoved ? "erased-" : LEFT_PREFIX}${id}${ERASED_DOMAIN}`;

/** The name shown for a placeholder address (see `erasedAddress`). */
export const erasedName = (email: string): string =>
  email.toLowerCase().startsWith(LEFT_PREFIX) ? LEFT_THE_PROGRAMME : FORMER_COLLEAGUE;

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
