#!/usr/bin/env node
'use strict';
/**
 * `node scripts/check-lock.js <lock before> <lock after>`: after `npm install` stood in for
 * `npm ci` (see .ci/run), proves the install used exactly the locked tree: every package in the
 * new lock is in the old one with the same version and integrity, and the only entries that went
 * away were marked extraneous. Exit code 1 otherwise.
 */
const fs = require('node:fs');

const [before, after] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')).packages || {});
const problems = [];
for (const [key, pkg] of Object.entries(after)) {
	const old = before[key];
	if (!old) problems.push(`added: ${key}@${pkg.version}`);
	else if (old.version !== pkg.version) problems.push(`changed: ${key} ${old.version} -> ${pkg.version}`);
	else if (old.integrity && pkg.integrity && old.integrity !== pkg.integrity) problems.push(`integrity changed: ${key}`);
}
const removed = Object.keys(before).filter((k) => !(k in after));
for (const key of removed) if (!before[key].extraneous) problems.push(`removed: ${key}@${before[key].version}`);
if (problems.length) {
	console.error(`The install did not match package-lock.json (${problems.length}):\n  ${problems.slice(0, 40).join('\n  ')}`);
	process.exit(1);
}
console.log(`package-lock.json honoured: ${Object.keys(after).length} packages as locked (${removed.length} extraneous entries not installed)`);
