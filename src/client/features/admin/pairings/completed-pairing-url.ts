/** Where a completed pairing file is read and downloaded from. */
export const fileUrl = (fileName: string) => `/completed_pairings/${encodeURIComponent(fileName)}`;
