// `npm start`: compiles the server first when its build is missing or older than its sources,
// then runs the compiled JavaScript (dist/server/main.js) in this process.
import { pathToFileURL } from "node:url";
import { buildServer, serverBuildIsStale, serverEntry } from "./build-server.mjs";

if (serverBuildIsStale()) {
  console.log("Compiling the server (esbuild)…");
  await buildServer();
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
