/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * A hostile or misconfigured PIM for one test file: `pim` answers at the credential's Base URL
 * as the test's `behave` function says (redirects, endless lists, stalled or huge bodies), and
 * `elsewhere` is another origin that records every request it receives, headers included, and
 * answers like a PIM would — so a client that follows a redirect there succeeds, and the test can
 * see what it sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { sendEnvelope } from './minimal-server';
import type { PimCredentials } from '../../harness/in-process';

export interface Received {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

type Behave = (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void;

async function listen(
	handler: http.RequestListener,
): Promise<{ server: http.Server; port: number }> {
	const server = http.createServer(handler);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { server, port: (server.address() as AddressInfo).port };
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
	});
}

/** An answer every list and show of the interface accepts: one record. */
export function pimLike(res: http.ServerResponse, url: URL) {
	const record = { id: 1, sku: 'ELSEWHERE-1', code: 'elsewhere', name: 'Elsewhere', title: 'E' };
	sendEnvelope(
		res,
		url.pathname.endsWith('/show')
			? record
			: { record: [record], recordsTotal: 1, currentPage: 1, pageLimit: 100 },
	);
}

export function useHostileServer(account: { domain: string; token: string }) {
	const state: {
		pim?: http.Server;
		elsewhere?: http.Server;
		pimPort?: number;
		elsewherePort?: number;
		behave: Behave;
		/** Responses still open (stalled answers): ended when the test is done. */
		open: Set<http.ServerResponse>;
	} = { behave: (url, _req, res) => pimLike(res, url), open: new Set() };
	/** Requests the PIM's origin received. */
	const atPim: Received[] = [];
	/** Requests the other origin received: a token among them is a leak. */
	const atElsewhere: Received[] = [];

	beforeAll(async () => {
		const pim = await listen(async (req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			const body = await readBody(req);
			atPim.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			state.open.add(res);
			res.on('close', () => state.open.delete(res));
			state.behave(url, req, res);
		});
		const elsewhere = await listen(async (req, res) => {
			const body = await readBody(req);
			atElsewhere.push({
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body,
			});
			pimLike(res, new URL(req.url ?? '/', 'http://x'));
		});
		Object.assign(state, {
			pim: pim.server,
			pimPort: pim.port,
			elsewhere: elsewhere.server,
			elsewherePort: elsewhere.port,
		});
	});
	afterEach(() => {
		for (const res of state.open) res.destroy();
		state.open.clear();
		state.behave = (url, _req, res) => pimLike(res, url);
		atPim.length = 0;
		atElsewhere.length = 0;
	});
	afterAll(async () => {
		for (const server of [state.pim, state.elsewhere]) {
			server?.closeAllConnections();
			await new Promise((resolve) => server?.close(resolve));
		}
	});

	return {
		atPim,
		atElsewhere,
		/** Sets how the PIM's origin answers, until the end of the test. */
		behave(fn: Behave) {
			state.behave = fn;
		},
		creds(): PimCredentials {
			if (!state.pimPort) throw new Error('hostile server not started');
			return { baseUrl: `http://127.0.0.1:${state.pimPort}`, ...account };
		},
		/** The PIM's own origin (scheme, host, port). */
		pimOrigin: () => `http://127.0.0.1:${state.pimPort}`,
		/** The other origin: another port of the same host. */
		elsewhereOrigin: () => `http://127.0.0.1:${state.elsewherePort}`,
		/** The other server under another host name (localhost instead of 127.0.0.1). */
		elsewhereHost: () => `http://localhost:${state.elsewherePort}`,
	};
}
