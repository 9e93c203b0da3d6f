// The table's rows and CSV are shared with the server's CSV download (src/shared).
export * from "@shared/current-pairing-rows";
