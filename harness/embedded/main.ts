// Entry of `harness proxy` (bin/harness.js comes here without loading the rest of the CLI) and of
// the embedded engine's master as a process of its own: `node dist/harness/embedded/main.js
// [nginx's flags] [the harness's]` (master/command.ts). Kept free of yargs so that the engine
// starts as fast as Node can.
import { proxyCommand } from './master/command.js';

const args = process.argv.slice(2);
// From bin/harness.js, `proxy` comes first (nginx's reading would refuse it).
process.exitCode = await proxyCommand(args[0] === 'proxy' ? args.slice(1) : args);
