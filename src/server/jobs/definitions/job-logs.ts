/** Where a job's lines go: `log` for what it did, `warn` for what an operator should look at. */
export interface JobLogs {
  log(line: string): void;
  warn(line: string): void;
}

export const quietLogs: JobLogs = { log: () => {}, warn: () => {} };
