// Preloaded with NODE_OPTIONS=--require: every embedded-engine worker process stops itself
// (SIGSTOP) once it has its job, before it can say it listens: a start whose workers never
// answer, made certain. A worker the master forks has its job from the start; the one the CLI
// pre-boots gets it in its first message (`configure`), once the master has adopted it. Other
// Node processes (the harness CLI itself) go on as usual.
if (process.argv[1] && process.argv[1].endsWith('worker-main.js')) {
  const stop = () => process.kill(process.pid, 'SIGSTOP');
  if (process.env.HARNESS_WORKER) stop();
  else process.prependListener('message', (m) => m && m.type === 'configure' && stop());
}
