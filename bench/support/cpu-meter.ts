import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time per request of each party in a throughput measurement: the server process under
 * test, PostgreSQL's backends for the database, and this process (the load generator). Read
 * from Linux's /proc; elsewhere the server and PostgreSQL figures are 0.
 */
export interface CpuPerRequest {
  server: number;
  postgres: number;
  loadGenerator: number;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** Microseconds of CPU a process has used (user + system). */
function processCpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return 0;
  }
}

export async function createCpuMeter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend'
       and pid <> pg_backend_pid()`,
    );
    return new Map(rows.map(({ pid }) => [pid, processCpuMicros(pid)]));
  };
  return {
    /** Starts a measurement of `serverPid`; the returned function ends it for `requests`. */
    async start(serverPid: number) {
      const before = { server: processCpuMicros(serverPid), own: process.cpuUsage() };
      const backendsBefore = await backends();
      return async (requests: number): Promise<CpuPerRequest> => {
        const own = process.cpuUsage(before.own);
        let postgres = 0;
        // A backend that appeared during the run started from zero.
        for (const [pid, micros] of await backends()) {
          postgres += micros - (backendsBefore.get(pid) ?? 0);
        }
        const per = (micros: number) => micros / Math.max(requests, 1);
        return {
          server: per(processCpuMicros(serverPid) - before.server),
          postgres: per(postgres),
          loadGenerator: per(own.user + own.system),
        };
      };
    },
    close: () => client.end(),
  };
}
