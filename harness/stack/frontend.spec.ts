// Which front ends dial the course's port-80 socket (and so are served from a copy with the port
// written in): the course's bundle does; the stub, which dials the page's own host, must not, or
// every stack on another port would serve a copy of it instead of the folder itself.
import { test, expect } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COURSE_SOCKET, dialsPort80 } from './frontend.js';
import { defaultFrontendRoot } from '../paths.js';

test('a bundle that names the course\'s socket dials port 80; the stub front end names it nowhere, not even in a comment', ({}, testInfo) => {
  const bundle = testInfo.outputPath('sky');
  mkdirSync(join(bundle, 'js'), { recursive: true });
  writeFileSync(join(bundle, 'index.html'), '<script src="js/app.js"></script>');
  writeFileSync(join(bundle, 'js', 'app.js'), `new WebSocket("${COURSE_SOCKET}"+id)`);
  expect(dialsPort80(bundle)).toEqual([join('js', 'app.js')]);
  expect(dialsPort80(defaultFrontendRoot)).toEqual([]);
});
