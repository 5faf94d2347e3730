// A server_name regex with PCRE's \Q...\E: its text is literal (the dots too), and its named
// capture is a variable, as in any server_name regex.
import { test, expect } from '../fixtures.js';
import { serversConf } from '../support/locations-conf.js';

const CONF = serversConf(`
    server {
        listen 127.0.0.1:P;
        server_name localhost;
        return 200 "default\\n";
    }
    server {
        listen 127.0.0.1:P;
        server_name ~^(?<name>[a-z]+)\\Q.example.org\\E$;
        return 200 "name=$name\\n";
    }`);

test('server_name ~^(?<name>[a-z]+)\\Q.example.org\\E$: the quoted dots are dots, $name is the capture', async ({ startProxy }) => {
  const p = await startProxy({ conf: CONF });
  const bodies: string[] = [];
  for (const host of ['shop.example.org', 'shopXexample.org', 'shop.example.orgs']) {
    bodies.push(`${host} ${(await p.send(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).body}`);
  }
  expect(bodies).toEqual(['shop.example.org name=shop\n', 'shopXexample.org default\n', 'shop.example.orgs default\n']);
});
