/** Types for client-build.mjs (plain JavaScript so that `npm start` needs no TypeScript loader). */
export declare const clientDir: string;
export declare function viteBin(): string;
export declare function clientBuildIsStale(): boolean;
export declare function buildClient(): Promise<void>;
