/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The n8n the demo and the e2e run is installed from the registry with no lockfile: an answer the
 * registry gets right a minute later (a version missing from a packument while its scope is being
 * published) must not fail the run, and a real failure must not be tried again. A fake `npm` on
 * PATH answers as told and counts its calls.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { npmInstallRetrying } = require('../../harness/install');

function fakeNpm(answers: Array<{ code: number; stderr?: string }>) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-npm-'));
	fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(answers));
	const script = `#!/usr/bin/env node
const fs = require('fs'), p = require('path');
const calls = p.join(__dirname, 'calls.log');
fs.appendFileSync(calls, process.argv.slice(2).join(' ') + '\\n');
const n = fs.readFileSync(calls, 'utf8').trim().split('\\n').length;
const a = JSON.parse(fs.readFileSync(p.join(__dirname, 'answers.json'), 'utf8'))[n - 1];
if (a.stderr) process.stderr.write(a.stderr);
process.exit(a.code);
`;
	fs.writeFileSync(path.join(dir, 'npm'), script, { mode: 0o755 });
	const env = { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}` };
	const calls = () =>
		fs.existsSync(path.join(dir, 'calls.log'))
			? fs.readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n')
			: [];
	return { dir, env, calls };
}

const ETARGET =
	'npm error code ETARGET\nnpm error notarget No matching version found for @aws-sdk/core@^3.981.2.\n';

describe('installing n8n from the registry', () => {
	it('tries again, revalidating the cache, when a version is not yet in the registry', async () => {
		const npm = fakeNpm([{ code: 1, stderr: ETARGET }, { code: 0 }]);
		const logged: string[] = [];
		await npmInstallRetrying(npm.dir, npm.env, (line: string) => logged.push(line), {
			waitMs: 10,
		});
		const calls = npm.calls();
		expect(calls).toHaveLength(2);
		expect(calls[0]).not.toContain('--prefer-online');
		expect(calls[1]).toContain('--prefer-online');
		expect(logged.join('\n')).toMatch(/ETARGET.*trying again/);
	});

	it('gives up after three transient failures with the message of npm', async () => {
		const npm = fakeNpm([
			{ code: 1, stderr: ETARGET },
			{ code: 1, stderr: ETARGET },
			{ code: 1, stderr: ETARGET },
			{ code: 0 },
		]);
		await expect(
			npmInstallRetrying(npm.dir, npm.env, () => undefined, { waitMs: 10 }),
		).rejects.toThrow(/exited with 1[\s\S]*No matching version found for @aws-sdk\/core/);
		expect(npm.calls()).toHaveLength(3);
	});

	it('does not try again when the failure is not the registry', async () => {
		const npm = fakeNpm([
			{ code: 1, stderr: 'npm error code ERESOLVE\nnpm error could not resolve\n' },
			{ code: 0 },
		]);
		await expect(
			npmInstallRetrying(npm.dir, npm.env, () => undefined, { waitMs: 10 }),
		).rejects.toThrow(/ERESOLVE/);
		expect(npm.calls()).toHaveLength(1);
	});
});
