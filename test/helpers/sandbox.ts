import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../sandbox/server';
import type { PimCredentials } from '../../harness/in-process';

// The package as n8n loads it (dist/), where the shared limiters live.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { releaseIdleLimiters } = require('../../dist/nodes/Pim/shared/limiter.js') as {
	releaseIdleLimiters: (now?: number) => void;
};

/** Starts a sandbox for one test file; `creds()` gives the credential of one of its accounts. */
export function useSandbox(options: SandboxOptions = {}) {
	const state: { sb?: SandboxHandle } = {};
	beforeAll(async () => {
		state.sb = await startSandbox({ products: 25, ...options });
	});
	afterAll(async () => {
		await state.sb?.close();
	});
	// Each test starts without what earlier tests taught the account's shared limiter (pauses,
	// pace): as a fresh n8n process would, or one where the account was idle for 10 minutes.
	beforeEach(() => {
		releaseIdleLimiters(Date.now() + 3_600_000);
	});
	return {
		get sb(): SandboxHandle {
			if (!state.sb) throw new Error('sandbox not started');
			return state.sb;
		},
		creds(domain = 'demo', token = `${domain}-token`): PimCredentials {
			return { baseUrl: state.sb!.url, domain, token };
		},
	};
}

/** The API requests the sandbox saw since `clearLog()`. */
export function requests(sb: SandboxHandle) {
	return sb.log.map((r) => ({
		method: r.method,
		path: r.path,
		query: r.query,
		body: r.body,
		headers: r.headers,
		status: r.status,
	}));
}
