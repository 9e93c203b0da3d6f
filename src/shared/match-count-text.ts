/** "1 match", "3 matches": how every screen, e-mail and activity line counts matches. */
export const matchCountText = (n: number) => (n === 1 ? "1 match" : `${n} matches`);
