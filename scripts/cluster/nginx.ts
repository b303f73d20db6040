// nginx in front of the shop's instances: least connections first, the client's address passed
// on in X-Forwarded-For (the shop trusts one proxy), and the instance that answered named in
// X-Served-By.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** Debian's nginx, or NGINX_BIN. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}

export function nginxConfig(options: { port: number; upstreams: string[]; folder: string }) {
  const { port, upstreams, folder } = options;
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  return `
${userInfo().uid === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${path.join(folder, "nginx.pid")};
error_log stderr error;
events { worker_connections 2048; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  upstream shop {
    least_conn;
    ${upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=2s;`).join("\n    ")}
    keepalive 64;
    # Shorter than Node's 5 s keep-alive: nginx must never reuse a connection the shop is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Served-By $upstream_addr always;
    }
  }
}
`;
}

async function answers(url: string, nginx: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    try {
      await fetch(`${url}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error("nginx did not answer within 10 s");
}

/** Starts nginx on `port`, balancing over `upstreams` (host:port). */
export async function startBalancer(port: number, upstreams: string[]): Promise<Balancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx was not found: apt-get install -y nginx (or set NGINX_BIN)");
  const folder = mkdtempSync(path.join(tmpdir(), "shop-nginx-"));
  const configFile = path.join(folder, "nginx.conf");
  writeFileSync(configFile, nginxConfig({ port, upstreams, folder }));
  const nginx = spawn(binary, ["-e", "stderr", "-p", folder, "-c", configFile], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await answers(url, nginx);
  return {
    url,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once("exit", resolve));
        nginx.kill("SIGQUIT");
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
