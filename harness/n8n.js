'use strict';
/**
 * n8n's processes: a CLI command (`import:workflow`, `execute`, ...) run to its end, `n8n start`
 * or `n8n worker` kept running, each for one user folder; what `n8n execute` prints; the
 * examples and the files they read.
 */
const fs = require('node:fs');
const path = require('node:path');

const { DEFAULT_VERSION, ensureN8n, major } = require('./install');
const { defaultLog, freePort, portInUse, REPO, run, sleep, startProcess } = require('./process');
const { DEFAULT_ENCRYPTION_KEY } = require('./settings');

async function n8nEnv(
	version,
	{ userFolder, env = {}, encryptionKey = DEFAULT_ENCRYPTION_KEY, log } = {},
) {
	const inst = await ensureN8n(version, { log });
	const e = {
		...inst.env,
		N8N_USER_FOLDER: path.resolve(userFolder),
		N8N_ENCRYPTION_KEY: encryptionKey,
	};
	// 2.x (and 1.x with runners) starts a task-runner broker (default port 5679): never collide with another n8n.
	e.N8N_RUNNERS_BROKER_PORT = String(await freePort());
	Object.assign(e, env);
	return { inst, env: e };
}

let cliRuns = 0;

/**
 * Runs an n8n CLI command (import:workflow, execute, ...) against a user folder. For a bench:
 * `nodeArgs` go to Node before n8n's own (`--cpu-prof`, a heap size), `sampleRss` adds the
 * process's peak memory, and `stdoutFile` keeps what it printed in the caller's file (not read
 * into `stdout`: `n8n execute` prints every item). `signal` kills the command when aborted (a
 * crash, for a test).
 */
async function runN8nCli({
	version = DEFAULT_VERSION,
	userFolder,
	args,
	env,
	encryptionKey,
	log = defaultLog,
	allowFail = true,
	timeoutMs = 5 * 60000,
	nodeArgs = [],
	sampleRss = false,
	stdoutFile,
	signal,
}) {
	const { inst, env: e } = await n8nEnv(version, { userFolder, env, encryptionKey, log });
	fs.mkdirSync(userFolder, { recursive: true });
	const ownFile = path.join(userFolder, `.cli-stdout-${process.pid}-${++cliRuns}.txt`);
	try {
		return await run(inst.nodeBin, [...nodeArgs, inst.n8nBin, ...args], {
			cwd: userFolder,
			env: e,
			allowFail,
			timeoutMs,
			sampleRss,
			signal,
			stdoutFile: stdoutFile ?? ownFile,
			readStdout: !stdoutFile,
		});
	} finally {
		fs.rmSync(ownFile, { force: true });
	}
}

/**
 * Starts `n8n start` (or `command`: `worker`, whose health server answers on `port`) on 127.0.0.1:<port>
 * for a user folder and waits until it is ready: /healthz/readiness and the REST API (`readyAt:
 * 'readiness'`: readiness alone, checked every `pollMs`, for a bench timing the start).
 * Returns { url, port, stop(), logs(), process, exited, startMs, env, inst }.
 */
async function startN8n({
	version = DEFAULT_VERSION,
	command = 'start',
	userFolder,
	port,
	env,
	encryptionKey,
	log = defaultLog,
	timeoutMs = 120000,
	echo = false,
	logFile,
	readyAt = 'rest',
	pollMs = 250,
}) {
	fs.mkdirSync(userFolder, { recursive: true });
	port = port || (await freePort());
	if (await portInUse(port))
		throw new Error(`port ${port} is already in use: stop what runs there or pick another port`);
	const { inst, env: e } = await n8nEnv(version, { userFolder, env, encryptionKey, log });
	// A queue-mode worker serves no editor: its health endpoint on `port` tells when it is ready.
	const worker = command === 'worker';
	if (worker) {
		e.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
		e.QUEUE_HEALTH_CHECK_PORT = String(port);
	}
	e.N8N_PORT = String(worker ? await freePort() : port);
	e.N8N_EDITOR_BASE_URL = e.N8N_EDITOR_BASE_URL || `http://localhost:${port}/`;
	if (major(version) >= 2) e.N8N_WEBHOOK_URL = e.N8N_WEBHOOK_URL || `http://localhost:${port}/`;
	else e.WEBHOOK_URL = e.WEBHOOK_URL || `http://localhost:${port}/`;
	const url = `http://127.0.0.1:${port}`;
	const t0 = Date.now();
	const logStream = logFile ? fs.createWriteStream(logFile) : null;
	const n8nProcess = startProcess(inst.nodeBin, [inst.n8nBin, command], {
		cwd: userFolder,
		env: e,
		// Callers search the whole log (e2e counts a worker's executions in it).
		keepOutput: Infinity,
		onData: (d) => {
			if (echo) process.stderr.write(d);
			if (logStream) logStream.write(d);
		},
	});
	if (logStream) n8nProcess.exited.then(() => logStream.end());
	const stop = () => n8nProcess.stop(20000);
	const lastLines = () => n8nProcess.logs().split('\n').slice(-40).join('\n');
	for (;;) {
		if (n8nProcess.hasExited())
			throw new Error(
				`n8n ${version} exited during start (${JSON.stringify(n8nProcess.hasExited())}):\n${lastLines()}`,
			);
		if (Date.now() - t0 > timeoutMs) {
			await stop();
			throw new Error(`n8n ${version} not ready after ${timeoutMs} ms:\n${lastLines()}`);
		}
		try {
			// Readiness comes before the REST controllers are mounted: wait for both.
			const res = await fetch(`${url}/healthz/readiness`);
			if (res.ok && (worker || readyAt === 'readiness')) break;
			if (res.ok) {
				const settings = await fetch(`${url}/rest/settings`);
				await settings.arrayBuffer();
				if (settings.status !== 404) break;
			}
		} catch {
			// not listening yet
		}
		await sleep(pollMs);
	}
	return {
		url,
		port,
		version,
		stop,
		logs: n8nProcess.logs,
		process: n8nProcess.child,
		exited: n8nProcess.exited,
		startMs: Date.now() - t0,
		env: e,
		inst,
	};
}

/** Where the examples read files in n8n 2.x's Docker image (its default allowed folder). */
const EXAMPLE_FILES = '/home/node/.n8n-files/';

/**
 * The example workflows of `dir`, ready to import on this machine: files they read (from
 * examples/data/) are copied into `filesDir` and their paths point there. n8n must then be
 * allowed to read it: FILES_ENV(filesDir).
 */
function loadExamples(dir, filesDir) {
	fs.mkdirSync(filesDir, { recursive: true });
	// The examples' files, and the real exports of other systems beside the clone (read there,
	// never kept in the repository).
	for (const data of [
		path.join(REPO, 'examples', 'data'),
		path.join(REPO, '..', 'shared', 'real-exports'),
	])
		for (const f of fs.existsSync(data) ? fs.readdirSync(data) : [])
			fs.copyFileSync(path.join(data, f), path.join(filesDir, f));
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const wf = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			// Read/Write Files: the file read (fileSelector) or written (fileName).
			for (const node of wf.nodes)
				for (const key of ['fileSelector', 'fileName']) {
					const file = node.parameters && node.parameters[key];
					if (node.type === 'n8n-nodes-base.readWriteFile' && typeof file === 'string')
						if (file.startsWith(EXAMPLE_FILES))
							node.parameters[key] = path.join(filesDir, file.slice(EXAMPLE_FILES.length));
				}
			return { file, wf };
		});
}

/** Lets n8n's file nodes read `filesDir` (n8n 2.x allows only ~/.n8n-files by default). */
const FILES_ENV = (filesDir) => ({ N8N_RESTRICT_FILE_ACCESS_TO: path.resolve(filesDir) });

/** The JSON that `n8n execute --rawOutput` prints (2.x prints log lines first). */
function parseRun(stdout) {
	const i = stdout.search(/^\{/m);
	if (i < 0) throw new Error(`no JSON in the output of n8n execute:\n${stdout.slice(-1500)}`);
	const text = stdout.slice(i);
	try {
		return JSON.parse(text);
	} catch (error) {
		// n8n sometimes logs a line after the run's JSON (seen once with the AI-tool workflow on
		// 1.123.81): the JSON ends at one of the last closing braces.
		let end = text.length;
		for (let tries = 0; tries < 200; tries++) {
			end = text.lastIndexOf('}', end - 1);
			if (end < 0) break;
			try {
				return JSON.parse(text.slice(0, end + 1));
			} catch {
				// not the end of the run's JSON
			}
		}
		throw new Error(`n8n execute printed no valid JSON (${error.message}):\n${text.slice(-1500)}`);
	}
}

module.exports = {
	n8nEnv,
	runN8nCli,
	startN8n,
	loadExamples,
	FILES_ENV,
	parseRun,
};
