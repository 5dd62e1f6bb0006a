/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Command line entry of the PIM sandbox: `npm run sandbox -- [flags]` (see --help or sandbox/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { profileFromFile, type ProfileFile } from './profile';
import { startSandbox } from './server';
import type { AccountSpec, Faults, ListOrder, MultiSelectForm, SandboxOptions } from './types';
import { LIST_ORDERS } from './types';

const USAGE = `Usage: npm run sandbox -- [flags]

Server
  --port N                 port (default 8787; 0 = random free port)
  --host HOST              interface (default 127.0.0.1)
  --ready-file PATH        write the URL to PATH once listening (removed on exit)
  --verbose                print every API request
Data
  --products N             products of the default accounts demo/acme (default 200)
  --attributes N           extra generated attributes attr_00001... of demo/acme (default 0)
  --seed N                 global seed (default 1)
  --profile FILE           make the demo account from a profile file: the attributes, families,
                           channels and category trees of a real account (examples/data/pim-profile.json)
  --account D:T[:N[:A[:O[:F]]]]  add account D with token T (N products, A extra attributes, list order O:
                           id | id-desc | updated-desc, multi-select form F: suffix | plain); repeatable
  --page-limit-default N   page length when none is requested (default 10)
  --max-page-limit N       larger page lengths are clamped (default 1000)
  --no-log                 do not keep the in-memory request log
  --log-limit N            request log ring buffer size (default 20000)
Faults (all off by default)
  --latency MS             delay before each API response
  --rps N                  rate limit: requests per second (429 + Retry-After)
  --max-concurrent N       rate limit: API requests in flight
  --retry-after-date       send Retry-After as an HTTP date instead of seconds
  --rate-limit-status N    status of a rate-limit refusal: 429 (default) or 503
  --error-rate R           share (0..1) of requests answered --error-status (default 500)
  --error-status N
  --status-false-rate R    share answered HTTP 200 with status:false
  --drop-rate R            share whose connection is dropped without a response
  --drop-phase before|after  drop before or after processing (default after)
  --malformed-rate R       share answered with truncated JSON
  --html-rate R            share answered 502 with an HTML page
  --empty-rate R           share answered 200 with an empty body
  --ignore-current-page    paginated lists always return page 1
  --path-pattern REGEX     faults only for requests whose "METHOD /path" matches
  --fault-seed N           seed of the random faults
`;

class UsageError extends Error {}

export interface CliConfig {
	options: SandboxOptions;
	readyFile?: string;
	verbose: boolean;
}

function num(
	flag: string,
	value: string | undefined,
	min = 0,
	max = Number.MAX_SAFE_INTEGER,
): number {
	if (value === undefined || value.trim() === '' || !Number.isFinite(Number(value)))
		throw new UsageError(`${flag} needs a number.`);
	const n = Number(value);
	if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}.`);
	return n;
}

/** Parses command line flags into sandbox options. */
export function parseArgs(argv: string[]): CliConfig {
	const options: SandboxOptions = { port: 8787 };
	const faults: Faults = {};
	const accounts: AccountSpec[] = [];
	let readyFile: string | undefined;
	let verbose = false;
	for (let i = 0; i < argv.length; i++) {
		let arg = argv[i];
		let inline: string | undefined;
		const eq = arg.indexOf('=');
		if (arg.startsWith('--') && eq > 0) {
			inline = arg.slice(eq + 1);
			arg = arg.slice(0, eq);
		}
		const value = (): string => {
			if (inline !== undefined) return inline;
			const v = argv[++i];
			if (v === undefined) throw new UsageError(`${arg} needs a value.`);
			return v;
		};
		const rate = (): number => num(arg, value(), 0, 1);
		switch (arg) {
			case '--help':
			case '-h':
				process.stdout.write(USAGE);
				process.exit(0);
				break;
			case '--port':
				options.port = num(arg, value(), 0, 65535);
				break;
			case '--host':
				options.host = value();
				break;
			case '--ready-file':
				readyFile = path.resolve(value());
				break;
			case '--verbose':
				verbose = true;
				break;
			case '--products':
				options.products = num(arg, value());
				break;
			case '--attributes':
				options.extraAttributes = num(arg, value());
				break;
			case '--seed':
				options.seed = num(arg, value());
				break;
			case '--profile': {
				// The demo account gets the structure of a real account (sandbox/profile.ts).
				const file = value();
				let profile: ProfileFile;
				try {
					profile = JSON.parse(fs.readFileSync(file, 'utf8')) as ProfileFile;
					profileFromFile(profile);
				} catch (e) {
					throw new UsageError(`--profile ${file}: ${e instanceof Error ? e.message : String(e)}`);
				}
				accounts.push({ domain: 'demo', token: 'demo-token', profile });
				break;
			}
			case '--account': {
				const [domain, token, products, attributes, order, form] = value().split(':');
				if (!domain || !token)
					throw new UsageError(
						'--account needs domain:token[:products[:attributes[:listOrder[:multiSelectForm]]]].',
					);
				if (order && !LIST_ORDERS.includes(order as ListOrder))
					throw new UsageError(`--account list order must be one of ${LIST_ORDERS.join(', ')}.`);
				if (form && form !== 'suffix' && form !== 'plain')
					throw new UsageError('--account multi-select form must be suffix or plain.');
				accounts.push({
					domain,
					token,
					...(products !== undefined && products !== ''
						? { products: num('--account products', products) }
						: {}),
					...(attributes !== undefined && attributes !== ''
						? { extraAttributes: num('--account attributes', attributes) }
						: {}),
					...(order ? { listOrder: order as ListOrder } : {}),
					...(form ? { multiSelectForm: form as MultiSelectForm } : {}),
				});
				break;
			}
			case '--page-limit-default':
				options.defaultPageLimit = num(arg, value(), 1);
				break;
			case '--max-page-limit':
				options.maxPageLimit = num(arg, value(), 1);
				break;
			case '--no-log':
				options.log = false;
				break;
			case '--log-limit':
				options.logLimit = num(arg, value(), 1);
				break;
			case '--latency':
				faults.latencyMs = num(arg, value());
				break;
			case '--rps':
				faults.rateLimit = { ...faults.rateLimit, rps: num(arg, value()) };
				break;
			case '--max-concurrent':
				faults.rateLimit = { ...faults.rateLimit, maxConcurrent: num(arg, value(), 1) };
				break;
			case '--retry-after-date':
				faults.rateLimit = { ...faults.rateLimit, retryAfter: 'date' };
				break;
			case '--rate-limit-status': {
				const status = num(arg, value());
				if (status !== 429 && status !== 503)
					throw new UsageError('--rate-limit-status is 429 or 503.');
				faults.rateLimit = { ...faults.rateLimit, status };
				break;
			}
			case '--error-rate':
				faults.errorRate = rate();
				break;
			case '--error-status':
				faults.errorStatus = num(arg, value(), 100, 599);
				break;
			case '--status-false-rate':
				faults.statusFalseRate = rate();
				break;
			case '--drop-rate':
				faults.dropRate = rate();
				break;
			case '--drop-phase': {
				const phase = value();
				if (phase !== 'before' && phase !== 'after')
					throw new UsageError('--drop-phase is before or after.');
				faults.dropPhase = phase;
				break;
			}
			case '--malformed-rate':
				faults.malformedRate = rate();
				break;
			case '--html-rate':
				faults.htmlRate = rate();
				break;
			case '--empty-rate':
				faults.emptyRate = rate();
				break;
			case '--ignore-current-page':
				faults.ignoreCurrentPage = true;
				break;
			case '--path-pattern':
				faults.pathPattern = value();
				try {
					new RegExp(faults.pathPattern);
				} catch {
					throw new UsageError('--path-pattern is not a valid regular expression.');
				}
				break;
			case '--fault-seed':
				faults.seed = num(arg, value());
				break;
			default:
				throw new UsageError(`Unknown flag ${arg}.`);
		}
	}
	if (accounts.length > 0) options.accounts = accounts;
	if (Object.keys(faults).length > 0) options.faults = faults;
	return { options, readyFile, verbose };
}

async function main(): Promise<void> {
	let config: CliConfig;
	try {
		config = parseArgs(process.argv.slice(2));
	} catch (e) {
		if (e instanceof UsageError) {
			process.stderr.write(`${e.message}\n\n${USAGE}`);
			process.exit(2);
		}
		throw e;
	}
	const started = Date.now();
	const sandbox = await startSandbox(config.options);
	const out: string[] = [];
	out.push(`PIM sandbox listening on ${sandbox.url}`);
	out.push(`API base: ${sandbox.url}/api/integration   (seeded in ${Date.now() - started} ms)`);
	out.push('Accounts (headers: token: <token>, x-domain: <domain>):');
	const admin = await fetch(`${sandbox.url}/__admin/accounts`).then(
		(r) => r.json() as Promise<Array<Record<string, unknown>>>,
	);
	for (const a of admin) {
		out.push(
			`  ${String(a.domain).padEnd(12)} token ${String(a.token).padEnd(16)} ${a.products} products, ${a.attributes} attributes`,
		);
	}
	out.push(`Admin: ${sandbox.url}/__admin/{log,counters,faults,reset,clock,accounts}`);
	if (config.options.faults) out.push(`Faults: ${JSON.stringify(config.options.faults)}`);
	out.push('Press Ctrl+C to stop.');
	process.stdout.write(out.join('\n') + '\n');

	if (config.readyFile) {
		const tmp = `${config.readyFile}.${process.pid}.tmp`;
		fs.writeFileSync(tmp, sandbox.url);
		fs.renameSync(tmp, config.readyFile);
	}

	let lastSeq = 0;
	const ticker = config.verbose
		? setInterval(() => {
				for (const e of sandbox.log) {
					if (e.seq <= lastSeq) continue;
					lastSeq = e.seq;
					const q = e.rawQuery ? '?' + e.rawQuery : '';
					process.stdout.write(
						`${e.status || 'DROP'} ${e.method} ${e.path}${q}${e.account ? ` [${e.account}]` : ''}${e.faulted ? ` (fault: ${e.faulted})` : ''} ${e.durationMs ?? 0}ms\n`,
					);
				}
			}, 200)
		: undefined;

	let stopping = false;
	const stop = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		if (ticker) clearInterval(ticker);
		process.stdout.write(`\n${signal}: stopping the PIM sandbox\n`);
		if (config.readyFile) fs.rmSync(config.readyFile, { force: true });
		const force = setTimeout(() => process.exit(0), 3000);
		force.unref();
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((e: unknown) => {
		process.stderr.write(
			`PIM sandbox failed to start: ${e instanceof Error ? e.message : String(e)}\n`,
		);
		process.exit(1);
	});
}
