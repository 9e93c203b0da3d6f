/**
 * Navigation state of a move within one page (another tab of the admin dashboard, an editor
 * opening): the scroll position stays where it is instead of going to the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;
