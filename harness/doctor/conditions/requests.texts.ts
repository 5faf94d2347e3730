// The words requests.ts says, in English and Simplified Chinese.
import { messages } from '../../i18n/index.js';

export const t = messages({
  en: {
    'doctor.tooLarge.theServer': 'the server',
    'doctor.tooLarge.one': 'An upload of {mb} ({bytes} bytes) to {path} was refused with 413 Request Entity Too Large: nginx accepts request bodies up to client_max_body_size, 1m by default.',
    'doctor.tooLarge.other':
      '{n} uploads to {path} (up to {mb}, {bytes} bytes) were refused with 413 Request Entity Too Large: nginx accepts request bodies up to client_max_body_size, 1m by default.',
    'doctor.tooLarge.add': 'Add "client_max_body_size {size};" to the http { } block of nginx.conf',
    'doctor.tooLarge.fix': '{change} (keep Spring\'s spring.servlet.multipart.max-file-size at least as large), then run "nginx -s reload".',
    'doctor.static.forbidden': 'forbidden',
    'doctor.static.errorPage':
      'nginx answered upstream failures with error_page /50x.html{times}, but {path} does not exist ({err}), so the browser got 404 Not Found instead of the error page; the real failure is the upstream error logged for the same request.',
    'doctor.static.errorPageFix': 'Put 50x.html back into {folder} (it ships with nginx) or remove the error_page line, and fix the upstream failure first.',
    'doctor.static.noFolder': 'The front end is not where nginx looks: the folder {root} does not exist, so "{request}" found no index.html and got 404{times}.',
    'doctor.static.noIndex': '{root} has no {file}, so "{request}" got 404{times}.',
    'doctor.static.sky': "(the course's html\\sky folder, or your build's dist contents)",
    'doctor.static.build': '(your build output)',
    'doctor.static.indexFix': 'Put the admin front end {what} into {root} so that {index} exists, or point "root" in nginx.conf at the folder that has it.{pointer}',
    'doctor.static.empty': 'The page asked nginx for "{uri}"{times}, a URL built from an empty (null/undefined) value, such as an image whose address is missing in the data; there is no such file.',
    'doctor.static.emptyFix': 'Nothing is wrong with nginx: fill in the missing image or link in the data, or guard the empty value in the front end.',
    'doctor.static.devtools': 'Chrome DevTools does',
    'doctor.static.browsers': 'browsers do',
    'doctor.static.wellKnown': 'The browser asks every site for {uri}{times} ({who}); the front end has none, so nginx answers 404.',
    'doctor.static.docs': 'The API docs (knife4j/Swagger, {uri}) are served by the admin server, not by nginx, so nginx looked for {path} and answered 404{times}.',
    'doctor.static.docsFix': "Open the docs on the admin server's own port instead, e.g. http://localhost:8080{uri}.",
    'doctor.static.admin': "The browser asked nginx for {uri}{times}, an admin server path: through nginx, the admin server's /admin/... is reached as /api/..., so nginx looked for the file {path}.",
    'doctor.static.adminFix': "Call /api{rest} on nginx, or the admin server's own port (http://localhost:8080{uri}).",
    'doctor.static.other': '"{request}" asked for a file that is not in the front end{times}: nginx found no {path} ({err}) and answered 404.',
    'doctor.static.route': '"{request}" is a page of the course\'s front end, typed or bookmarked without its #{times}: the front end draws its pages itself at /#{uri}, and nginx, given {uri}, looked for the file {path} ({err}) and answered 404.',
    'doctor.static.routeFix': 'Open http://localhost/#{uri} (or http://localhost/) and correct the bookmark. A front end built in history mode (no # in its addresses) needs "try_files $uri $uri/ /index.html;" in nginx.conf\'s location /.{pointer}',
    'doctor.static.otherFix': 'If {uri} should exist, copy it into {root}; if a page links to it, correct the link (this is not an nginx fault).{pointer}',
    'doctor.dirIndex.cause':
      '"{request}" asked for the folder {dir}, which has none of the index files nginx looks for (index: index.html by default) and no autoindex, so nginx answered 403 Forbidden{times}: the site\'s files are not in that folder (a wrong root, or the build not copied there), or the folder is meant to be listed.',
    'doctor.dirIndex.fix':
      'Put the site\'s index.html into {dir} or point root at the folder that has it; for a single-page app, "try_files $uri $uri/ /index.html;"; for PHP, "index index.php index.html;". Only to list the folder: "autoindex on;".{pointer}',
    'doctor.rule.aClient': 'a client',
    'doctor.rule.cause': "An allow/deny rule refused {requests} with 403 ({paths}, from {clients}): the client's address is denied there; behind a proxy or load balancer nginx sees the proxy's address, not the user's.",
    'doctor.rule.fix':
      'If the client should get in, allow its address before the "deny all;" of that location (or set set_real_ip_from/real_ip_header when nginx sits behind a proxy); hidden files (location ~ /\\.) are denied on purpose.{pointer}',
    'doctor.cycle.target': ' (last to "{target}")',
    'doctor.cycle.cause':
      'nginx redirected {request} internally more than 10 times{target} and gave up with 500{times}: a try_files whose last fallback (often /index.html or /index.php) is itself missing, or a rewrite/error_page that sends the request back to the same location.',
    'doctor.cycle.lastFile': 'the file try_files ends with',
    'doctor.cycle.fix': 'Make the fallback exist in root ({file}), or end try_files with "=404"; check that the rewrite or error_page does not match its own result.{pointer}',
  },
  'zh-CN': {
    'doctor.tooLarge.theServer': '服务器',
    'doctor.tooLarge.one': '上传到 {path} 的 {mb}（{bytes} 字节）被拒绝，返回 413 Request Entity Too Large：nginx 只接受不超过 client_max_body_size 的请求体，默认是 1m。',
    'doctor.tooLarge.other': '上传到 {path} 的 {n} 次请求（最大 {mb}，{bytes} 字节）被拒绝，返回 413 Request Entity Too Large：nginx 只接受不超过 client_max_body_size 的请求体，默认是 1m。',
    'doctor.tooLarge.add': '在 nginx.conf 的 http { } 块中加上 "client_max_body_size {size};"',
    'doctor.tooLarge.fix': '{change}（Spring 的 spring.servlet.multipart.max-file-size 至少要一样大），然后运行 "nginx -s reload"。',
    'doctor.static.forbidden': '禁止访问',
    'doctor.static.errorPage': 'nginx 用 error_page /50x.html 回应上游的失败{times}，但 {path} 不存在（{err}），所以浏览器得到的是 404 Not Found 而不是错误页；真正的失败是同一个请求记录的上游错误。',
    'doctor.static.errorPageFix': '把 50x.html 放回 {folder}（nginx 自带这个文件）或删掉 error_page 这一行，并先解决上游的失败。',
    'doctor.static.noFolder': '前端不在 nginx 查找的位置：文件夹 {root} 不存在，所以 "{request}" 找不到 index.html，得到 404{times}。',
    'doctor.static.noIndex': '{root} 中没有 {file}，所以 "{request}" 得到 404{times}。',
    'doctor.static.sky': '（课程的 html\\sky 文件夹，或你构建出的 dist 中的内容）',
    'doctor.static.build': '（你的构建产物）',
    'doctor.static.indexFix': '把管理端前端{what}放进 {root}，让 {index} 存在，或者把 nginx.conf 中的 "root" 指向有这个文件的文件夹。{pointer}',
    'doctor.static.empty': '页面向 nginx 请求了 "{uri}"{times}，这是用空值（null/undefined）拼出来的 URL，比如数据里缺少地址的图片；没有这样的文件。',
    'doctor.static.emptyFix': 'nginx 没有问题：在数据中补上缺少的图片或链接，或者在前端处理空值。',
    'doctor.static.devtools': 'Chrome DevTools 会这样请求',
    'doctor.static.browsers': '浏览器都会这样请求',
    'doctor.static.wellKnown': '浏览器会向每个网站请求 {uri}{times}（{who}）；前端没有这个文件，所以 nginx 响应 404。',
    'doctor.static.docs': '接口文档（knife4j/Swagger，{uri}）由后端服务提供，不是 nginx，所以 nginx 查找 {path}，响应了 404{times}。',
    'doctor.static.docsFix': '请在后端服务自己的端口上打开文档，例如 http://localhost:8080{uri}。',
    'doctor.static.admin': '浏览器向 nginx 请求了 {uri}{times}，这是后端服务的路径：通过 nginx 访问时，后端服务的 /admin/... 要写成 /api/...，所以 nginx 去找了文件 {path}。',
    'doctor.static.adminFix': '在 nginx 上请求 /api{rest}，或者直接访问后端服务自己的端口（http://localhost:8080{uri}）。',
    'doctor.static.other': '"{request}" 请求的文件不在前端里{times}：nginx 找不到 {path}（{err}），响应了 404。',
    'doctor.static.route': '"{request}" 是课程前端的页面，但地址里少了 #（手动输入或书签）{times}：前端在 /#{uri} 自己绘制页面（前端路由），而 nginx 收到的是 {uri}，去找文件 {path}（{err}），响应了 404。',
    'doctor.static.routeFix': '打开 http://localhost/#{uri}（或 http://localhost/），并改正书签。用 history 模式构建的前端（地址里没有 #）需要在 nginx.conf 的 location / 里加上 "try_files $uri $uri/ /index.html;"。{pointer}',
    'doctor.static.otherFix': '如果 {uri} 应该存在，就把它复制到 {root}；如果是页面链接到了它，就改正链接（这不是 nginx 的问题）。{pointer}',
    'doctor.dirIndex.cause':
      '"{request}" 请求了文件夹 {dir}，里面没有 nginx 要找的索引文件（index，默认是 index.html），也没有开启 autoindex，所以 nginx 响应了 403 Forbidden{times}：网站的文件不在这个文件夹里（root 写错了，或者构建产物没有复制过去），或者这个文件夹本来就要列出目录。',
    'doctor.dirIndex.fix':
      '把网站的 index.html 放进 {dir}，或者把 root 指向有这个文件的文件夹；单页应用用 "try_files $uri $uri/ /index.html;"；PHP 用 "index index.php index.html;"。只有想列出目录时才用 "autoindex on;"。{pointer}',
    'doctor.rule.aClient': '某个客户端',
    'doctor.rule.cause': 'allow/deny 规则用 403 拒绝了 {requests}（{paths}，来自 {clients}）：客户端的地址在那里被禁止；如果在代理或负载均衡后面，nginx 看到的是代理的地址，不是用户的。',
    'doctor.rule.fix':
      '如果这个客户端应该能访问，就在那个 location 的 "deny all;" 之前 allow 它的地址（nginx 在代理后面时设置 set_real_ip_from/real_ip_header）；隐藏文件（location ~ /\\.）是有意禁止的。{pointer}',
    'doctor.cycle.target': '（最后一次到 "{target}"）',
    'doctor.cycle.cause':
      'nginx 对 {request} 做了 10 次以上内部重定向{target}，最后放弃并返回 500{times}：try_files 的最后一个后备文件（常常是 /index.html 或 /index.php）本身不存在，或者 rewrite/error_page 又把请求送回了同一个 location。',
    'doctor.cycle.lastFile': 'try_files 最后的那个文件',
    'doctor.cycle.fix': '让后备文件在 root 中存在（{file}），或者让 try_files 以 "=404" 结尾；检查 rewrite 或 error_page 不会匹配到它自己的结果。{pointer}',
  },
});
