'use strict';
/**
 * Processes of the harness: running a command to its end, the children it starts (killed when
 * this process exits without stopping them), ports and small timing helpers.
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');

const REPO = path.resolve(__dirname, '..');

/** Children started here (process groups), killed if this process exits without stopping them. */
const liveChildren = new Set();

process.on('exit', () => {
	for (const child of liveChildren) {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
});

function defaultLog(msg) {
	process.stderr.write(`[n8n] ${msg}\n`);
}

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

/** Like sleep, but does not keep the process alive (for races against a child's exit). */
function idle(ms) {
	return new Promise((r) => setTimeout(r, ms).unref());
}

/**
 * Stops a child started in its own process group (`detached`): SIGTERM to the group, SIGKILL
 * after `graceMs`; resolves once it exited (`exited`: a promise of its exit).
 */
async function stopGroup(child, exited, graceMs) {
	const signal = (name) => {
		try {
			process.kill(-child.pid, name);
		} catch {
			child.kill(name);
		}
	};
	signal('SIGTERM');
	if (await Promise.race([exited.then(() => true), idle(graceMs).then(() => false)])) return;
	signal('SIGKILL');
	await exited;
}

/**
 * Starts a long-running process (a server: the sandbox, n8n, Redis, PostgreSQL) in its own
 * process group, killed if this process exits without stopping it. `user`: run it as that user
 * when this process is root (PostgreSQL refuses root). `onData(chunk)`: told of its output;
 * `logs()` keeps the last `keepOutput` characters of it for error messages.
 * Returns { child, logs(), exited (a promise of { code, signal }), hasExited(), stop(graceMs) }.
 */
function startProcess(cmd, args, { cwd, env, user, onData, keepOutput = 20000 } = {}) {
	const asRoot = process.getuid && process.getuid() === 0;
	const [bin, argv] = user && asRoot ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
	const child = spawn(bin, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	liveChildren.add(child);
	let output = '';
	const keep = (d) => {
		output = (output + d).slice(-keepOutput);
		if (onData) onData(d);
	};
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
	let ended = null;
	const exited = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			liveChildren.delete(child);
			resolve((ended = { code, signal }));
		}),
	);
	return {
		child,
		logs: () => output,
		exited,
		hasExited: () => ended,
		/** SIGTERM to its group, SIGKILL after `graceMs`; resolves with how it ended. */
		async stop(graceMs = 10000) {
			if (!ended) await stopGroup(child, exited, graceMs);
			return ended;
		},
	};
}

/** An answer's body as JSON, or undefined when it is empty or not JSON (its text says more). */
function jsonOrUndefined(text) {
	try {
		return text ? JSON.parse(text) : undefined;
	} catch {
		return undefined;
	}
}

function fmtMs(ms) {
	return ms >= 60000 ? `${(ms / 60000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

/** The resident memory of a process in bytes (Linux), or 0 once it is gone. */
function rssOf(pid) {
	try {
		const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return kb ? Number(kb[1]) * 1024 : 0;
	} catch {
		return 0;
	}
}

/**
 * Runs a command, collecting output; rejects on a non-zero exit unless `allowFail`.
 * `sampleRss`: the result also has `peakRss` and `samples` ([Date.now(), bytes] every 100 ms) of
 * the process's resident memory (its own children, such as n8n's task runner, not counted).
 */
function run(cmd, args, opts = {}) {
	const {
		cwd = REPO,
		env = process.env,
		log,
		allowFail = false,
		input,
		timeoutMs,
		stdoutFile,
	} = opts;
	return new Promise((resolve, reject) => {
		const t0 = Date.now();
		// A file instead of a pipe when the output is large and the command exits right after
		// printing it: a process that exits with a full pipe loses the rest (seen in CI: `n8n execute`
		// of 5 000 items cut at 4.8 MB); writes to a file complete before the exit.
		const outFd = stdoutFile ? fs.openSync(stdoutFile, 'w') : null;
		const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', outFd ?? 'pipe', 'pipe'] });
		if (outFd !== null) fs.closeSync(outFd);
		let stdout = '';
		let stderr = '';
		let timer;
		let peakRss = 0;
		const samples = [];
		const sampler = opts.sampleRss
			? setInterval(() => {
					const rss = rssOf(child.pid);
					peakRss = Math.max(peakRss, rss);
					if (rss) samples.push([Date.now(), rss]);
				}, 100)
			: undefined;
		// `signal`: an abort kills the command at once (SIGKILL), as a crash would.
		if (opts.signal) {
			const kill = () => child.kill('SIGKILL');
			if (opts.signal.aborted) kill();
			else opts.signal.addEventListener('abort', kill, { once: true });
		}
		if (timeoutMs)
			timer = setTimeout(() => {
				stderr += `\n[killed after ${timeoutMs} ms]`;
				child.kill('SIGKILL');
			}, timeoutMs);
		if (child.stdout)
			child.stdout.on('data', (d) => {
				stdout += d;
				if (opts.echo) process.stderr.write(d);
			});
		child.stderr.on('data', (d) => {
			stderr += d;
			if (opts.echo) process.stderr.write(d);
		});
		child.on('error', (e) => {
			clearTimeout(timer);
			clearInterval(sampler);
			reject(e);
		});
		if (input !== undefined) child.stdin.end(input);
		else child.stdin.end();
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			clearInterval(sampler);
			// A caller that reads the file itself (hundreds of MB of items) says `readStdout: false`.
			if (stdoutFile && opts.readStdout !== false) stdout = fs.readFileSync(stdoutFile, 'utf8');
			const res = { code: code === null ? -1 : code, signal, stdout, stderr, ms: Date.now() - t0 };
			if (sampler) Object.assign(res, { peakRss, samples });
			if (res.code !== 0 && !allowFail) {
				const tail = (stderr || stdout).split('\n').slice(-30).join('\n');
				const err = new Error(
					`${path.basename(cmd)} ${args.join(' ')} exited with ${res.code}${signal ? ` (${signal})` : ''}\n${tail}`,
				);
				err.result = res;
				if (log) log(err.message);
				reject(err);
			} else resolve(res);
		});
	});
}

/** Ports this process has handed out: never handed out twice (the kernel may offer one again). */
const portsGiven = new Set();

/** A free TCP port on 127.0.0.1, never one this process handed out before. */
async function freePort() {
	for (let attempt = 0; attempt < 50; attempt++) {
		const port = await new Promise((resolve, reject) => {
			const srv = net.createServer();
			srv.unref();
			srv.on('error', reject);
			srv.listen(0, '127.0.0.1', () => {
				const { port: p } = srv.address();
				srv.close(() => resolve(p));
			});
		});
		if (!portsGiven.has(port)) {
			portsGiven.add(port);
			return port;
		}
	}
	throw new Error('no free TCP port that was not handed out before (50 attempts)');
}

/** Whether something already listens on 127.0.0.1:port. */
function portInUse(port) {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host: '127.0.0.1' });
		sock.once('connect', () => {
			sock.destroy();
			resolve(true);
		});
		sock.once('error', () => resolve(false));
	});
}

module.exports = {
	jsonOrUndefined,
	stopGroup,
	startProcess,
	REPO,
	liveChildren,
	defaultLog,
	sleep,
	idle,
	fmtMs,
	run,
	rssOf,
	freePort,
	portInUse,
};
