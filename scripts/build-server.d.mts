/** Types for build-server.mjs (plain JavaScript so that `npm start` needs no TypeScript loader). */
export declare const serverEntry: string;
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(): Promise<void>;
