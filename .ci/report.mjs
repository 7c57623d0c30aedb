// Reads vitest's JSON report and prints where CI's time went: each project's summed file time
// (files run side by side, so the sum exceeds the wall time), the slowest ten files, and, last,
// the one line CI is judged by: "N passed, N failed".
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [reportPath, wallSecondsText] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const root = process.cwd();

// The e2e project is the folder test/e2e (vitest.config.ts); everything else is the node project.
const projectOf = (file) => (file.startsWith('test/e2e/') ? 'e2e' : 'node');
const files = report.testResults.map((result) => ({
  file: relative(root, result.name),
  seconds: Math.max(0, (result.endTime - result.startTime) / 1000),
  tests: result.assertionResults.length,
}));

const seconds = (value) => `${value.toFixed(1)} s`;
if (wallSecondsText)
  console.log(`npm test wall time (type check, dependency rules, vitest): ${seconds(Number(wallSecondsText))}`);
const byProject = new Map();
for (const entry of files) {
  const project = projectOf(entry.file);
  const sum = byProject.get(project) ?? { files: 0, tests: 0, seconds: 0 };
  byProject.set(project, {
    files: sum.files + 1,
    tests: sum.tests + entry.tests,
    seconds: sum.seconds + entry.seconds,
  });
}
for (const [project, sum] of byProject) {
  console.log(`project ${project}: ${sum.files} files, ${sum.tests} tests, ${seconds(sum.seconds)} summed over files`);
}
console.log('slowest files:');
for (const entry of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${seconds(entry.seconds).padStart(9)}  ${entry.file} (${entry.tests} tests)`);
}

const failedSuitesOnly = report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests + failedSuitesOnly} failed`);
