// A discarding SMTP server for bench/newsletter.bench.ts, in its own process so that receiving
// mail does not take CPU from the sender being measured. Reports its port, then answers "count".
const { SMTPServer } = require("smtp-server");

let received = 0;
const server = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on("end", () => {
      received += 1;
      callback();
    });
    stream.resume();
  },
});
server.on("error", () => {});
server.listen(0, "127.0.0.1", () => {
  process.send({ port: server.server.address().port });
});
process.on("message", (message) => {
  if (message === "count") process.send({ count: received });
});
process.on("disconnect", () => process.exit(0));
