/** Where a job's lines go: `log` for what it did, `warn` for what an operator should look at. */
export interface JobLogs {
  log(line: string): void;
  warn(line: string): void;
  /**
   * Reports an error that may say the database is out of reach: true when it does (the outage is
   * logged once, db/database-outage.ts), false for any other error, which the job logs itself.
   */
  databaseDown?(error: unknown): boolean;
  /** An event with its fields as one JSON line (production's log); `log` with the text otherwise. */
  event?(fields: { event: string } & Record<string, unknown>, message: string): void;
}

export const quietLogs: JobLogs = { log: () => {}, warn: () => {} };
