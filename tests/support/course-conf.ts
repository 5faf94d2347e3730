// The course's own nginx.conf (its nginx-1.20.2/conf/nginx.conf), as the unit test of the conf
// parser loads it, and as the conformance suite runs it on both engines with only what must change
// for a test changed: its ports (P, U) and a loopback listen.

// Byte for byte as shipped with the course (tabs, comments, the Chinese
// comments and the `weight=90 ;` spacing included).
export const COURSE_CONF = `
#user  nobody;
worker_processes  1;

#error_log  logs/error.log;
#error_log  logs/error.log  notice;
#error_log  logs/error.log  info;

#pid        logs/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       mime.types;
    default_type  application/octet-stream;

    #log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
    #                  '$status $body_bytes_sent "$http_referer" '
    #                  '"$http_user_agent" "$http_x_forwarded_for"';

    #access_log  logs/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    #keepalive_timeout  0;
    keepalive_timeout  65;

    #gzip  on;
\t
\tmap $http_upgrade $connection_upgrade{
\t\tdefault upgrade;
\t\t'' close;
\t}

\tupstream webservers{
\t  server 127.0.0.1:8080 weight=90 ;
\t  #server 127.0.0.1:8088 weight=10 ;
\t}

    server {
        listen       80;
        server_name  localhost;

        #charset koi8-r;

        #access_log  logs/host.access.log  main;

        location / {
            root   html/sky;
            index  index.html index.htm;
        }

        #error_page  404              /404.html;

        # redirect server error pages to the static page /50x.html
        #
        error_page   500 502 503 504  /50x.html;
        location = /50x.html {
            root   html;
        }

        # 反向代理,处理管理端发送的请求
        location /api/ {
\t\t\tproxy_pass   http://localhost:8080/admin/;
            #proxy_pass   http://webservers/admin/;
        }
\t\t
\t\t# 反向代理,处理用户端发送的请求
        location /user/ {
            proxy_pass   http://webservers/user/;
        }
\t\t
\t\t# WebSocket
\t\tlocation /ws/ {
            proxy_pass   http://webservers/ws/;
\t\t\tproxy_http_version 1.1;
\t\t\tproxy_read_timeout 3600s;
\t\t\tproxy_set_header Upgrade $http_upgrade;
\t\t\tproxy_set_header Connection "$connection_upgrade";
        }

        # pass the PHP scripts to FastCGI server listening on 127.0.0.1:9000
        #
        #location ~ \\.php$ {
        #    root           html;
        #    fastcgi_pass   127.0.0.1:9000;
        #    fastcgi_index  index.php;
        #    fastcgi_param  SCRIPT_FILENAME  /scripts$fastcgi_script_name;
        #    include        fastcgi_params;
        #}

        # deny access to .htaccess files, if Apache's document root
        # concurs with nginx's one
        #
        #location ~ /\\.ht {
        #    deny  all;
        #}
    }


    # another virtual host using mix of IP-, name-, and port-based configuration
    #
    #server {
    #    listen       8000;
    #    listen       somename:8080;
    #    server_name  somename  alias  another.alias;

    #    location / {
    #        root   html;
    #        index  index.html index.htm;
    #    }
    #}


    # HTTPS server
    #
    #server {
    #    listen       443 ssl;
    #    server_name  localhost;

    #    ssl_certificate      cert.pem;
    #    ssl_certificate_key  cert.key;

    #    ssl_session_cache    shared:SSL:1m;
    #    ssl_session_timeout  5m;

    #    ssl_ciphers  HIGH:!aNULL:!MD5;
    #    ssl_prefer_server_ciphers  on;

    #    location / {
    #        root   html;
    #        index  index.html index.htm;
    #    }
    #}

}
`;

/** The course's conf for a test: `listen 80` on loopback port P, the admin server's 8080 as U. */
export function courseConf(): string {
  const conf = COURSE_CONF.replace('listen       80;', 'listen       127.0.0.1:P;').replaceAll(':8080', ':U');
  // P and U must be the only words the ports are put in for (proxy-under-test.ts conformanceConf).
  if (conf.match(/\b[PU]\b/g)?.length !== 4) throw new Error('the course conf holds P or U as a word of its own');
  return conf;
}
