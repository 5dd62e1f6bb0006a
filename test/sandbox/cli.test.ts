/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from '../../sandbox/cli';
import { get } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const TS_NODE = path.join(ROOT, 'node_modules/.bin/ts-node');

function spawnCli(args: string[]): {
	child: ChildProcess;
	output: () => string;
	exited: Promise<number | null>;
} {
	const child = spawn(TS_NODE, ['--transpile-only', 'sandbox/cli.ts', ...args], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
	child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => out, exited };
}

async function waitFor(file: string, ms: number): Promise<string> {
	const deadline = Date.now() + ms;
	while (Date.now() < deadline) {
		if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`${file} did not appear`);
}

describe('CLI', () => {
	it('starts, writes the ready file, prints its URL and accounts, serves the API and stops on SIGTERM', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-sandbox-'));
		const ready = path.join(dir, 'ready');
		const { child, output, exited } = spawnCli([
			'--port',
			'0',
			'--ready-file',
			ready,
			'--products',
			'15',
			'--account',
			'shop:shop-token:4',
			'--error-rate',
			'1',
			'--path-pattern',
			'^GET /api/integration/locale$',
		]);
		try {
			const url = await waitFor(ready, 30_000);
			expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			await new Promise((r) => setTimeout(r, 200));
			expect(output()).toContain(`PIM sandbox listening on ${url}`);
			expect(output()).toContain('demo-token');
			expect(output()).toContain('acme-token');
			expect(output()).toContain('shop-token');
			const shop = await get(url, 'product', { token: 'shop-token', domain: 'shop' });
			expect(shop.json.data.recordsTotal).toBe(4);
			const demo = await get(url, 'product');
			expect(demo.json.data.recordsTotal).toBe(15);
			expect((await get(url, 'locale')).status).toBe(500);
			child.kill('SIGTERM');
			expect(await exited).toBe(0);
			expect(fs.existsSync(ready)).toBe(false);
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL');
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}, 60_000);

	it('rejects unknown flags with exit code 2', async () => {
		const { exited, output } = spawnCli(['--bogus']);
		expect(await exited).toBe(2);
		expect(output()).toContain('Unknown flag --bogus');
	}, 60_000);

	it('maps flags to sandbox options', () => {
		const config = parseArgs([
			'--port=9000',
			'--host',
			'0.0.0.0',
			'--products',
			'1000',
			'--seed',
			'5',
			'--attributes',
			'10000',
			'--page-limit-default',
			'25',
			'--latency',
			'50',
			'--rps',
			'10',
			'--max-concurrent',
			'4',
			'--error-rate',
			'0.1',
			'--status-false-rate',
			'0.05',
			'--drop-rate',
			'0.01',
			'--malformed-rate',
			'0.02',
			'--ignore-current-page',
			'--no-log',
			'--account',
			'a:ta',
			'--account',
			'b:tb:7',
		]);
		expect(config.options).toEqual({
			port: 9000,
			host: '0.0.0.0',
			products: 1000,
			seed: 5,
			extraAttributes: 10000,
			defaultPageLimit: 25,
			log: false,
			accounts: [
				{ domain: 'a', token: 'ta' },
				{ domain: 'b', token: 'tb', products: 7 },
			],
			faults: {
				latencyMs: 50,
				rateLimit: { rps: 10, maxConcurrent: 4 },
				errorRate: 0.1,
				statusFalseRate: 0.05,
				dropRate: 0.01,
				malformedRate: 0.02,
				ignoreCurrentPage: true,
			},
		});
		expect(parseArgs([]).options).toEqual({ port: 8787 });
		expect(() => parseArgs(['--error-rate', '2'])).toThrow(/between 0 and 1/);
		expect(() => parseArgs(['--account', 'nocolon'])).toThrow(/domain:token/);
	});

	it('--profile makes the demo account from a profile file, and names what is wrong in a bad one', () => {
		const file = path.join(__dirname, '..', '..', 'examples', 'data', 'pim-profile.json');
		const { options } = parseArgs(['--profile', file]);
		expect(options.accounts).toEqual([
			{
				domain: 'demo',
				token: 'demo-token',
				profile: JSON.parse(fs.readFileSync(file, 'utf8')),
			},
		]);
		const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'profile-')), 'bad.json');
		fs.writeFileSync(bad, JSON.stringify({ attributes: [{ code: 'a', type: 'Hologram' }] }));
		expect(() => parseArgs(['--profile', bad])).toThrow(
			/--profile .*bad\.json: attributes\[0\] \(a\): unknown type "Hologram"/,
		);
	});
});
