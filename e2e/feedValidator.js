'use strict';
/**
 * The feed validator the tests use (test/helpers/feedValidator.ts: the channels' rules read from
 * feed-rules.md, apart from the writer), for the e2e specs: transpiled by TypeScript in memory,
 * so real n8n's feeds are checked by the same rules as the in-process tests'.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

let loaded;

/** validateFeed(channel, format, bytes) → { headers, rows, problems }. */
function validateFeed(channel, format, file) {
	if (!loaded) {
		const ts = require('typescript');
		const source = path.join(__dirname, '..', 'test', 'helpers', 'feedValidator.ts');
		const { outputText } = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
		});
		const m = new Module(source, module);
		m.filename = source;
		m.paths = Module._nodeModulePaths(path.dirname(source));
		m._compile(outputText, source);
		loaded = m.exports;
	}
	return loaded.validateFeed(channel, format, file);
}

module.exports = { validateFeed };
