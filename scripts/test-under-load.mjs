// `npm run test:under-load`: the sync and end-to-end suites while every core is kept busy, as a
// cashier's machine is while it updates, or a CI runner is while it runs other jobs. A test that
// passes only on a quiet machine is a bug (a timer raced against an event, a deadline too tight);
// this is how to find one before a red CI run does.
//
//   npm run test:under-load                          test/main/counter/sync and test/e2e, one hog per core
//   npm run test:under-load -- test/main/counter/sync/foo.test.ts  only these files (any vitest arguments)
//   npm run test:under-load -- --reporter=json …     options alone keep the default folders (give
//                                                     an option's value after '=')
//   HOGS=4 npm run test:under-load                    more hogs than cores
//   TRIAL_COUNT=200 npm run test:under-load           every seeded trial CI runs (default here: 40,
//                                                     so a run under load stays near half an hour)
//
// The hogs are plain busy loops in child processes (stress-ng is not on every machine), at the
// default priority, so the tests compete with them for the CPU as they would with real work.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const hogCount = Number(process.env.HOGS ?? availableParallelism());
if (!Number.isInteger(hogCount) || hogCount < 1) {
  console.error(`HOGS must be a positive integer, got ${process.env.HOGS}`);
  process.exit(2);
}

const hogs = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const asked = process.argv.slice(2);
const namesFiles = asked.some((arg) => !arg.startsWith('-'));
const args = namesFiles ? asked : ['test/main/counter/sync', 'test/e2e', ...asked];
console.log(`${hogCount} CPU hog(s) running; vitest run ${args.join(' ')}`);
const vitest = spawn('npx', ['vitest', 'run', ...args], {
  stdio: 'inherit',
  env: { ...process.env, TRIAL_COUNT: process.env.TRIAL_COUNT ?? '40' },
});
vitest.on('exit', (code, signal) => {
  stopHogs();
  process.exit(code ?? (signal ? 1 : 0));
});
