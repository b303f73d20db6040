// `npm run cluster -- [instances] [port]`: the built shop as N instances (2 by default) behind
// nginx on http://127.0.0.1:8080 (or the port given), all on the PostgreSQL named by
// DATABASE_URL. Ctrl-C stops them all.
import { parseArgs } from "node:util";
import { startCluster } from "./cluster/cluster";

const { positionals } = parseArgs({ allowPositionals: true });
const instances = Number(positionals[0] ?? 2);
const port = Number(positionals[1] ?? 8080);
const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl?.startsWith("postgres")) {
  process.stderr.write(
    "Set DATABASE_URL to a PostgreSQL database: the instances share it (PGlite serves one process).\n",
  );
  process.exit(1);
}
if (!Number.isInteger(instances) || instances < 1 || !Number.isInteger(port)) {
  process.stderr.write("Usage: npm run cluster -- [instances] [port]\n");
  process.exit(1);
}

const passedOn = ["SMTP_URL", "MAIL_FROM", "ADMIN_EMAIL", "ADMIN_PASSWORD", "AUTH_SECRET"];
const env = Object.fromEntries(
  passedOn.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
);
const cluster = await startCluster({
  instances,
  databaseUrl,
  port,
  env: { LOG_LEVEL: "info", ...env },
});
process.stdout.write(
  `${instances} instance(s) behind nginx on ${cluster.url}: ${cluster.instances.map((instance) => instance.url).join(", ")}\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cluster.stop().then(() => process.exit(0));
  });
}
