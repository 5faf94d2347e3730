#!/usr/bin/env node
// Entry point of `npx harness`: build if the source is newer than dist/, then run the CLI.
import { ensureBuilt } from './build.js';

ensureBuilt();
await import('../dist/harness/cli.js');
