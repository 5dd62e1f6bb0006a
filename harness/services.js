'use strict';
/**
 * The servers n8n's queue mode needs beside it: Debian's `redis-server` and `postgresql`, started
 * as processes of this one on free loopback ports with their data in a temporary folder (nothing
 * is installed as a service, nothing is left running).
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { defaultLog, freePort, sleep, startProcess } = require('./process');

/** A command of a Debian package, wherever the package put it. */
function which(name, dirs = []) {
	for (const dir of [...dirs, '/usr/local/bin', '/usr/bin', '/usr/sbin'])
		if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
	return null;
}

function postgresBin(name) {
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root).sort().reverse() : [];
	return which(
		name,
		versions.map((v) => path.join(root, v, 'bin')),
	);
}

/** Why queue mode cannot be started here, or undefined when it can. */
function missingQueueServices() {
	const missing = ['redis-server'].filter((n) => !which(n));
	if (!['initdb', 'postgres', 'createdb'].every((n) => postgresBin(n))) missing.push('postgresql');
	return missing.length
		? `${missing.join(' and ')} needed: apt-get install -y ${missing.join(' ')}`
		: undefined;
}

async function waitFor(what, ready, logs, timeoutMs) {
	for (const t0 = Date.now(); ; ) {
		let error;
		try {
			if (await ready()) return;
		} catch (e) {
			error = e;
		}
		if (Date.now() - t0 > timeoutMs)
			throw new Error(
				`${what} did not start${error ? `: ${error.message}` : ''}\n${logs().slice(-2000)}`,
			);
		await sleep(200);
	}
}

/**
 * Redis and PostgreSQL (database `n8n`) with their data in `dir`. Resolves with `env`, what n8n's
 * main and workers need to use them in queue mode, and `stop()`.
 */
async function startQueueServices(dir, { log = defaultLog } = {}) {
	const missing = missingQueueServices();
	if (missing) throw new Error(missing);
	const started = [];
	const stop = async () => {
		for (const p of started.reverse()) await p.stop().catch(() => {});
	};
	try {
		const redisPort = await freePort();
		const redis = startProcess(which('redis-server'), [
			...['--port', String(redisPort), '--bind', '127.0.0.1'],
			...['--save', '', '--appendonly', 'no', '--dir', dir],
		]);
		started.push(redis);

		// PostgreSQL refuses to run as root: as root, its data belongs to the `postgres` user.
		const asRoot = process.getuid && process.getuid() === 0;
		const user = asRoot ? 'postgres' : undefined;
		const pgData = path.join(dir, 'pg');
		fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
		if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
		const runAs = (cmd, args) =>
			execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', user, '--', cmd, ...args] : args, {
				stdio: 'pipe',
			});
		runAs(postgresBin('initdb'), ['-D', pgData, '--auth=trust', '-U', 'postgres', '-E', 'UTF8']);
		const pgPort = await freePort();
		const pg = startProcess(
			postgresBin('postgres'),
			[
				...['-D', pgData, '-p', String(pgPort), '-k', pgData],
				...['-c', 'listen_addresses=127.0.0.1'],
				// A throwaway database: durability costs time and buys nothing here.
				...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
			],
			{ user, cwd: dir },
		);
		started.push(pg);
		const createdb = postgresBin('createdb');
		await waitFor(
			'PostgreSQL',
			() => {
				runAs(createdb, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'n8n']);
				return true;
			},
			pg.logs,
			30000,
		);
		await waitFor(
			'redis',
			() => /Ready to accept connections/i.test(redis.logs()),
			redis.logs,
			15000,
		);
		log(`redis :${redisPort}, postgresql :${pgPort}`);
		return {
			env: {
				EXECUTIONS_MODE: 'queue',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(redisPort),
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(pgPort),
				DB_POSTGRESDB_DATABASE: 'n8n',
				DB_POSTGRESDB_USER: 'postgres',
				DB_POSTGRESDB_PASSWORD: 'unused-trust-auth',
			},
			stop,
		};
	} catch (e) {
		await stop();
		throw e;
	}
}

module.exports = { startQueueServices };
