#!/usr/bin/env node
'use strict';
/**
 * `npm run verify`: what n8n's verification checks, run locally before a release.
 *
 * n8n verifies a community package with its scanner (`@n8n/scan-community-package`): provenance
 * first (only a package published from a GitHub Action has it, see .github/workflows/publish.yml),
 * then two lint legs with n8n's community-node rules, inline `eslint-disable` comments ignored:
 *   1. the source the provenance points to: `package.json`, `{nodes,credentials}/**` (.js, .ts, .json);
 *   2. the published tarball: `**` `/*.js` and `package.json`.
 * This script runs both legs through the scanner's own `analyzePackage` (on this checkout, and on
 * the unpacked `npm pack` tarball of the current build), and checks that the tarball holds only
 * what a user needs: package.json, README, LICENSE and the built `dist/` (no tests, sandbox,
 * benchmarks, examples or source maps of them), and prints its size.
 *
 * Needs a build (`npm run build`); run through `npm run verify`, which builds first.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SCANNER = path.join(
	ROOT,
	'node_modules',
	'@n8n',
	'scan-community-package',
	'scanner',
	'scanner.mjs',
);

// What the published package may contain (paths inside the tarball's `package/` folder).
const ALLOWED = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE(\.md)?$/i,
	/^dist\/(nodes|credentials)\//,
	/^dist\/index\.js$/,
	/^index\.js$/,
];
const FORBIDDEN =
	/(^|\/)(test|tests|__tests__|sandbox|bench|e2e|examples|scripts|docs)\/|\.test\.|\.spec\./;

function npmPack(dir) {
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	return { ...info, tarball: path.join(dir, info.filename) };
}

function checkContents(files) {
	const problems = [];
	for (const f of files) {
		if (FORBIDDEN.test(f))
			problems.push(`${f}: not for users (tests, sandbox, benchmarks, examples, docs)`);
		else if (!ALLOWED.some((re) => re.test(f))) problems.push(`${f}: not expected in the package`);
	}
	for (const needed of [
		'package.json',
		'README.md',
		'dist/nodes/Pim/Pim.node.js',
		'dist/nodes/PimTrigger/PimTrigger.node.js',
		'dist/credentials/PimApi.credentials.js',
	]) {
		if (!files.includes(needed)) problems.push(`${needed}: missing`);
	}
	return problems;
}

async function main() {
	if (!fs.existsSync(path.join(ROOT, 'dist', 'nodes', 'Pim', 'Pim.node.js'))) {
		throw new Error(
			'dist/ is missing: run `npm run build` (or `npm run verify`, which builds first)',
		);
	}
	if (!fs.existsSync(SCANNER))
		throw new Error('@n8n/scan-community-package is not installed: run `npm ci`');
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(SCANNER);
	let failed = false;
	const report = (name, result) => {
		process.stdout.write(
			`${result.passed ? '✔' : '✘'} ${name}${result.message ? `: ${result.message}` : ''}\n`,
		);
		if (result.details) process.stdout.write(`${result.details}\n`);
		if (!result.passed) failed = true;
	};

	report(
		`scanner, source leg (${SOURCE_FILE_PATTERNS.join(', ')})`,
		await analyzePackage(ROOT, SOURCE_FILE_PATTERNS),
	);

	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-verify-'));
	try {
		const pack = npmPack(tmp);
		const files = pack.files.map((f) => f.path).sort();
		const problems = checkContents(files);
		report(
			`tarball contents (${files.length} files: ${files.filter((f) => f.endsWith('.js')).length} .js, ${files.filter((f) => f.endsWith('.d.ts')).length} .d.ts, ${files.filter((f) => f.endsWith('.map')).length} .map)`,
			problems.length
				? {
						passed: false,
						message: `${problems.length} unexpected`,
						details: problems.map((p) => `  ${p}`).join('\n'),
					}
				: { passed: true },
		);
		process.stdout.write(
			`  ${pack.filename}: ${(pack.size / 1024).toFixed(1)} KiB packed, ${(pack.unpackedSize / 1024).toFixed(1)} KiB unpacked\n`,
		);

		execFileSync('tar', ['-xzf', pack.tarball, '-C', tmp]);
		report(
			'scanner, tarball leg (**/*.js, package.json)',
			await analyzePackage(path.join(tmp, 'package'), ['**/*.js', 'package.json']),
		);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
	if (failed) process.exitCode = 1;
}

main().catch((error) => {
	process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
	process.exit(1);
});
