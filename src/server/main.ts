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
  const seconds = process.uptime().toFixed(1);
  printLine(
    `Cup of Joe is running at ${server.appUrl} (data in ${config.dataDir}; started in ${seconds} s)`,
  );
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error) => {
  printError(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
