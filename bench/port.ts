// The ports the benchmark listens on: from HARNESS_TEST_PORTS (`first-last`) when it is set, so a
// run on a machine others share stays in the range it was given; else any free port.
import getPort, { portNumbers } from 'get-port';

const range = /^(\d+)-(\d+)$/.exec(process.env.HARNESS_TEST_PORTS ?? '');

export function benchPort(): Promise<number> {
  return range ? getPort({ host: '127.0.0.1', port: portNumbers(Number(range[1]), Number(range[2])) }) : getPort();
}
