// Copies what tsc does not emit into dist/: node and credential icons and the codex files.
const { src, dest, series } = require('gulp');
const fs = require('node:fs');

function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	done();
}

function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports.clean = clean;
exports['build:icons'] = buildIcons;
exports.default = series(buildIcons);
