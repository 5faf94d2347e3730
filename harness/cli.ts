// yargs commands only: parse, call, print. No logic of its own.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';

await yargs(hideBin(process.argv))
  .scriptName('harness')
  .strict()
  .demandCommand(1, 'Name a command: up, proxy, chaos, doctor or setup.')
  .help()
  .parseAsync();
