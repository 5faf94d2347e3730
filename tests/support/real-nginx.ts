// The real nginx a spec compares the embedded engine with, when this machine has one: the
// harness's own lookup (HARNESS_NGINX, else the usual places). Specs beside the modules of a lower
// room (nginx-conf/) take it from here, so that the rooms' order holds for specs too.
import { existsSync } from 'node:fs';
import { findNginx } from '../../harness/nginx/engine.js';

/** The nginx binary to compare with, or undefined when none is installed. */
export function realNginx(): string | undefined {
  const nginx = findNginx();
  return nginx && existsSync(nginx) ? nginx : undefined;
}
