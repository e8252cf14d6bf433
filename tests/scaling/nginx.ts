/**
 * nginx in front of mock instances, as docs/scaling.md configures it: sessions routed by a
 * consistent hash of X-Mock-Session, never retried on another instance. Debian's nginx-light
 * is installed when nginx is missing (as .ci/run installs Chromium); nginx runs in a
 * temporary prefix, in the foreground, and stops with the test.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { aptInstall } from '../../lib/apt.ts';
import { freePort } from '../../lib/ports.ts';
import { type RunningProcess, startProcess } from '../../lib/process.ts';
import { testTempDir } from '../../lib/temp-dirs.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The path of nginx, installing Debian's nginx-light first when there is none. */
export function ensureNginx(): string {
  const found = NGINX.find((path) => existsSync(path));
  if (found) return found;
  aptInstall(['nginx-light']);
  const installed = NGINX.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get installed nginx-light, but no nginx binary was found');
  return installed;
}

/**
 * Requests without the header would be spread round-robin (nginx's hash falls back to it
 * for an empty key), each landing in another instance's default session: this names them.
 */
export const DEFAULT_SESSION_MAP = `map $http_x_mock_session $mock_session {
    "" default-session;
    default $http_x_mock_session;
  }`;

/** The upstream docs/scaling.md shows; `key` is $mock_session with the map above. */
export function upstreamConfig(ports: readonly number[], key = '$mock_session'): string {
  return `upstream mocks {
    # A session always goes to the same instance; adding one moves few sessions.
    hash ${key} consistent;
${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }`;
}

/** The proxy location docs/scaling.md shows. */
export const LOCATION = `location / {
      proxy_pass http://mocks;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # A session's state lives on one instance: never retry it on another.
      proxy_next_upstream off;
    }`;

/** A running nginx and the origin it answers on. */
export type Nginx = { origin: string; process: RunningProcess };

/**
 * Starts nginx on a free loopback port in front of mock instances on `ports`, hashing
 * `$mock_session` (the header, or one name for requests without it) or another `key`.
 */
export async function startNginx(ports: readonly number[], key = '$mock_session'): Promise<Nginx> {
  const nginx = ensureNginx();
  const prefix = testTempDir('petstore-nginx-');
  await mkdir(join(prefix, 'logs'));
  const port = await freePort();
  const config = `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${DEFAULT_SESSION_MAP}
  ${upstreamConfig(ports, key)}
  server {
    listen 127.0.0.1:${port};
    ${LOCATION}
  }
}
`;
  await writeFile(join(prefix, 'nginx.conf'), config);
  const args = ['-p', prefix, '-e', `${prefix}/logs/error.log`, '-c', `${prefix}/nginx.conf`];
  const process = startProcess(nginx, args, { cwd: prefix });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answered = await fetch(`${origin}/__mock/sessions`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return { origin, process };
    if (process.done() || Date.now() > deadline)
      throw new Error(`nginx did not start:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
