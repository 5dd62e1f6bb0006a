'use strict';
/**
 * Loads the repo's TypeScript test harness (harness/in-process.ts: n8n-core's WorkflowExecute and
 * LoadOptionsContext around the built node in dist/) through ts-node, without type checking.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
let harness;

function ensureUserFolder() {
	require('../../harness/background-timers');
	// n8n-core reads its instance settings from the user folder: keep runs away from ~/.n8n.
	if (!process.env.N8N_USER_FOLDER) {
		process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-n8n-'));
	}
	process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
}

/**
 * PIM_BENCH_DIST=<folder> makes the harness load the package from another build than dist/ (for
 * example a patched copy, to measure a proposed change before it is made in nodes/).
 */
function redirectDist() {
	const alternate = process.env.PIM_BENCH_DIST && path.resolve(process.env.PIM_BENCH_DIST);
	if (!alternate) return;
	const Module = require('node:module');
	const dist = path.join(ROOT, 'dist') + path.sep;
	const original = Module._resolveFilename;
	Module._resolveFilename = function (request, parent, ...rest) {
		// A relative path into dist/ is mapped before it is resolved, so dist/ need not exist
		// (it is missing while `npm run build` runs).
		if (request.startsWith('.') && parent && parent.filename) {
			const target = path.resolve(path.dirname(parent.filename), request);
			if (target.startsWith(dist))
				return original.call(
					this,
					path.join(alternate, target.slice(dist.length)),
					parent,
					...rest,
				);
		}
		const file = original.call(this, request, parent, ...rest);
		return file.startsWith(dist) ? path.join(alternate, file.slice(dist.length)) : file;
	};
}

/** @returns {typeof import('../../harness/in-process')} */
function loadInProcess() {
	if (harness) return harness;
	ensureUserFolder();
	redirectDist();
	const dist = process.env.PIM_BENCH_DIST
		? path.resolve(process.env.PIM_BENCH_DIST)
		: path.join(ROOT, 'dist');
	if (!fs.existsSync(path.join(dist, 'nodes', 'Pim', 'Pim.node.js'))) {
		throw new Error(`${dist} holds no build: run \`npm run build\` first`);
	}
	require('ts-node').register({
		transpileOnly: true,
		project: path.join(ROOT, 'tsconfig.test.json'),
	});
	harness = require(path.join(ROOT, 'harness', 'in-process.ts'));
	return harness;
}

module.exports = { loadInProcess, ensureUserFolder, ROOT };
