/** Types for build-server.mjs (plain JavaScript so that `npm start` needs no TypeScript loader). */
export type EntryName = "server" | "match" | "admin" | "db:migrate";
export declare const entries: Record<EntryName, { source: string; output: string }>;
export declare function entryFile(name: EntryName): string;
export declare const serverEntry: string;
export declare function buildIsStale(name: EntryName): boolean;
export declare function serverBuildIsStale(): boolean;
export declare function build(names?: EntryName[]): Promise<void>;
export declare function buildServer(): Promise<void>;
export declare function compile(list: { source: string; output: string }[]): Promise<void>;
