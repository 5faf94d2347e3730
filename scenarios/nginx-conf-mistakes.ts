import { expect } from './steps/expect.js';
import getPort from 'get-port';
import { defineScenario } from '../harness/scenario-runner/scenario.js';
import { upWith, userConf } from './steps/user-conf.js';
import { messages } from '../harness/i18n/index.js';

const t = messages({
  en: {
    'scenario.nginx-conf-mistakes.summary': 'Conf lines only real nginx reads stop it at start (the embedded engine refuses them by name): a server_name too long for its hash bucket, a TLS certificate that is not where the conf says.',
    'scenario.nginx-conf-mistakes.observe1': 'exit 1 and "could not build server_names_hash, you should increase server_names_hash_bucket_size: 64"',
    'scenario.nginx-conf-mistakes.observe2': 'exit 1 and "cannot load certificate ".../conf/cert/sky.crt": BIO_new_file() failed"',
  },
  'zh-CN': {
    'scenario.nginx-conf-mistakes.summary': '只有真实的 nginx 才读的配置行让它启动失败（内置引擎会按名字拒绝它们）：server_name 太长，放不进 hash bucket；TLS 证书不在配置写的位置。',
    'scenario.nginx-conf-mistakes.observe1': '退出码 1，"could not build server_names_hash, you should increase server_names_hash_bucket_size: 64"',
    'scenario.nginx-conf-mistakes.observe2': '退出码 1，"cannot load certificate ".../conf/cert/sky.crt": BIO_new_file() failed"',
  },
});

export default defineScenario({
  name: 'nginx-conf-mistakes',
  summary: t('scenario.nginx-conf-mistakes.summary'),
  engines: ['nginx'],
  stack: false,
  diagnosis: { conditions: ['hash-too-small', 'ssl-cert'] },
  observations: 2,
  seconds: 2,
  async steps(run) {
    const admin = `http://localhost:${await getPort({ host: '127.0.0.1' })}/admin/`;
    const port = await getPort({ host: '127.0.0.1' });
    // The hash of server names is built only for a port two servers share.
    const long = 'admin-console.sky-take-out.canteen-management.development-environment.internal.example.com';
    const hash = await upWith(run, 'long-name', userConf({ listen: port, proxyPass: admin, extra: `    server_names_hash_bucket_size 32;\n    server {\n        listen 127.0.0.1:${port};\n        server_name ${long};\n    }` }));
    await run.observe(t('scenario.nginx-conf-mistakes.observe1'), () => {
      expect(hash.code).toBe(1);
      expect(hash.said).toContain('nginx: [emerg] could not build server_names_hash, you should increase server_names_hash_bucket_size: 64');
    });
    const tls = await upWith(run, 'certificate-missing', userConf({ listen: await getPort({ host: '127.0.0.1' }), proxyPass: admin, server: `        listen 127.0.0.1:${await getPort({ host: '127.0.0.1' })} ssl;\n        ssl_certificate cert/sky.crt;\n        ssl_certificate_key cert/sky.key;` }));
    await run.observe(t('scenario.nginx-conf-mistakes.observe2'), () => {
      expect(tls.code).toBe(1);
      expect(tls.said).toMatch(/nginx: \[emerg\] cannot load certificate ".*\/conf\/cert\/sky\.crt": BIO_new_file\(\) failed/);
    });
  },
});
