import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { startServer } from "./start-server";
import { printError, printLine } from "./terminal";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      printError(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config, { logger: true });
  const seconds = Number(process.uptime().toFixed(1));
  // In production one JSON line per event, as the rest of the log; a person's console otherwise.
  if (config.NODE_ENV === "production") {
    server.app.log.info(
      { event: "started", url: server.appUrl, dataDir: config.dataDir, seconds },
      `Cup of Joe is running at ${server.appUrl}`,
    );
  } else {
    printLine(
      `Cup of Joe is running at ${server.appUrl} (data in ${config.dataDir}; started in ${seconds} s)`,
    );
  }
  const stop = (graceMs: number) => async () => {
    await server.shutdown(graceMs);
    process.exit(0);
  };
  // Ctrl-C at a terminal stops at once; a SIGTERM (an orchestrator, a deploy) drains first.
  process.once("SIGINT", stop(0));
  process.once("SIGTERM", stop(config.SHUTDOWN_GRACE_SECONDS * 1000));
}

main().catch((error) => {
  printError(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
