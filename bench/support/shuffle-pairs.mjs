// The floor for a whole `npm run --silent match` (bench/match-start.bench.ts): a plain Node process
// that reads the same instance on standard input, parses it, shuffles the people into pairs
// (Fisher–Yates) and prints the pairs as JSON, with none of the engine's rules.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const instance = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const ids = instance.users.map((user) => user.id);
for (let i = ids.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [ids[i], ids[j]] = [ids[j], ids[i]];
}
const groups = [];
for (let i = 0; i + 1 < ids.length; i += 2) groups.push([ids[i], ids[i + 1]]);
process.stdout.write(
  `${JSON.stringify({ groups, unmatched: ids.length % 2 ? [ids.at(-1)] : [] })}\n`,
);
