// A stack's nginx.conf: the course's own conf (tests/support/course-conf.ts), with the harness's ports,
// loopback-only listens, the front end's root and every temp path inside the prefix. The same
// file is given to either engine.
import { userInfo } from 'node:os';
import type { OsName } from '../os-profile.js';

/**
 * The `user` of a conf the harness writes for its own stack: started as root, nginx would run its
 * workers as nobody, who cannot enter a checkout in a private folder (a home, a mktemp -d), so they
 * run as the user who started it; otherwise none is needed. The scenarios' and tests' own confs
 * take it too.
 */
export function starterWorkerUser(os: OsName = 'linux'): string | undefined {
  return process.getuid?.() === 0 && os === 'linux' ? userInfo().username : undefined;
}

/** The parts every conf the harness writes shares; `http` is the rest of the http block (servers included). */
export interface Skeleton {
  user?: string;
  workers: number;
  /** worker_connections; 1024, as the course's conf has it. */
  workerConnections?: number;
  /** error_log's level; none (or `error`, nginx's default) writes none. */
  errorLogLevel?: string;
  /** A path relative to the prefix, or `off`. */
  accessLog: string;
  http: string;
}

/**
 * The skeleton of an nginx.conf as the course's own is laid out: the workers, the logs, the pid
 * file in logs/, `events`, and an http block with mime.types and the access log. The stack's conf,
 * the conformance confs and the benchmark's are this skeleton with their own http block.
 */
export function confSkeleton(s: Skeleton): string {
  return `${s.user ? `user  ${s.user};\n` : ''}worker_processes  ${s.workers};

error_log  logs/error.log${s.errorLogLevel && s.errorLogLevel !== 'error' ? `  ${s.errorLogLevel}` : ''};
pid        logs/nginx.pid;


events {
    worker_connections  ${s.workerConnections ?? 1024};
}


http {
    include       mime.types;
    default_type  application/octet-stream;

    access_log  ${s.accessLog};
${s.http}
}
`;
}

/** The temp paths inside the prefix, as the Windows build's defaults (temp/...), for an http block. */
export function tempPaths(dir = 'temp'): string {
  return `    client_body_temp_path  ${dir}/client_body_temp;
    proxy_temp_path        ${dir}/proxy_temp;
    fastcgi_temp_path      ${dir}/fastcgi_temp;
    uwsgi_temp_path        ${dir}/uwsgi_temp;
    scgi_temp_path         ${dir}/scgi_temp;
`;
}

export interface ConfSpec {
  proxyPort: number;
  adminPort: number;
  /** Absolute path of the front end's root. */
  frontendRoot: string;
  workers: number;
  errorLogLevel?: 'error' | 'warn' | 'notice' | 'info';
  /**
   * `implicit`: `proxy_pass http://localhost:8080/admin/`, as the course's conf has it (localhost
   * must resolve to both loopbacks). `explicit`: an `upstream localhost { server [::1]; server
   * 127.0.0.1; }` block, which logs the same lines where the hosts file maps localhost to IPv4 only.
   */
  localhost: 'implicit' | 'explicit';
  /** The temp directory's path, relative to the prefix; a missing parent reproduces the CreateDirectory failure. */
  tempDir?: string;
  proxyConnectTimeout?: string;
  proxyReadTimeout?: string;
  clientMaxBodySize?: string;
  /** Upstream keep-alive, as the benchmark's second conf: `keepalive N` + HTTP/1.1 + `Connection ""`. */
  upstreamKeepalive?: number;
  /** `access_log off` (the benchmark's fast-upstream setup): the conf's access log otherwise. */
  accessLogOff?: boolean;
  /** `user`: the workers' user (when the master runs as root); none, nginx's default. */
  user?: string;
}

export function renderConf(s: ConfSpec): string {
  const temp = s.tempDir ?? 'temp';
  const apiUpstream =
    s.localhost === 'explicit' || s.upstreamKeepalive
      ? `http://localhost/admin/`
      : `http://localhost:${s.adminPort}/admin/`;
  const localhostBlock =
    s.localhost === 'explicit' || s.upstreamKeepalive
      ? `
	upstream localhost {
	  server [::1]:${s.adminPort};
	  server 127.0.0.1:${s.adminPort};${s.upstreamKeepalive ? `\n\t  keepalive ${s.upstreamKeepalive};` : ''}
	}
`
      : '';
  const apiExtra = [
    s.proxyConnectTimeout && `proxy_connect_timeout ${s.proxyConnectTimeout};`,
    s.proxyReadTimeout && `proxy_read_timeout ${s.proxyReadTimeout};`,
    s.upstreamKeepalive && 'proxy_http_version 1.1;',
    s.upstreamKeepalive && 'proxy_set_header Connection "";',
  ]
    .filter(Boolean)
    .map((l) => `\n            ${l}`)
    .join('');
  return `# Rendered by the harness from the course's nginx.conf (sky-take-out, nginx-1.20.2/conf).
${confSkeleton({
  user: s.user,
  workers: s.workers,
  errorLogLevel: s.errorLogLevel,
  accessLog: s.accessLogOff ? 'off' : 'logs/access.log',
  http: `
    sendfile        on;
    keepalive_timeout  65;
${s.clientMaxBodySize ? `    client_max_body_size  ${s.clientMaxBodySize};\n` : ''}
    # Temp paths inside the prefix, as the Windows build's defaults (temp/...).
${tempPaths(temp)}
	map $http_upgrade $connection_upgrade{
		default upgrade;
		'' close;
	}

	upstream webservers{
	  server 127.0.0.1:${s.adminPort} weight=90 ;
	}
${localhostBlock}
    server {
        listen       127.0.0.1:${s.proxyPort};
        listen       [::1]:${s.proxyPort};
        server_name  localhost;

        location / {
            root   ${s.frontendRoot};
            index  index.html index.htm;
        }

        error_page   500 502 503 504  /50x.html;
        location = /50x.html {
            root   html;
        }

        # 反向代理,处理管理端发送的请求
        location /api/ {
			proxy_pass   ${apiUpstream};${apiExtra}
        }

		# 反向代理,处理用户端发送的请求
        location /user/ {
            proxy_pass   http://webservers/user/;
        }

		# WebSocket
		location /ws/ {
            proxy_pass   http://webservers/ws/;
			proxy_http_version 1.1;
			proxy_read_timeout 3600s;
			proxy_set_header Upgrade $http_upgrade;
			proxy_set_header Connection "$connection_upgrade";
        }
    }`,
})}`;
}
