/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * A minimal PIM server for one test file, written only from the interface document (not the
 * sandbox): the handler answers each request; `seen` lists the requests, `creds()` the
 * credential that points at it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { PimCredentials } from '../../harness/in-process';

/** Sends the interface's envelope; `status_code` as the server wants it (number or string). */
export function sendEnvelope(
	res: http.ServerResponse,
	data: unknown,
	{ status = 200, message = 'ok', statusCode = status as number | string } = {},
) {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(
		JSON.stringify({
			status: status === 200,
			message,
			data,
			time: '2023-10-20T09:09:03.852164Z',
			status_code: statusCode,
		}),
	);
}

export function useMinimalServer(
	handler: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void,
	account: { domain: string; token: string },
) {
	const state: { server?: http.Server; creds?: PimCredentials } = {};
	const seen: string[] = [];
	beforeAll(async () => {
		const server = http.createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			seen.push(`${req.method} ${url.pathname}${url.search}`);
			handler(url, req, res);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		state.server = server;
		state.creds = {
			baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
			...account,
		};
	});
	afterAll(async () => {
		await new Promise((resolve) => state.server?.close(resolve));
	});
	return {
		seen,
		creds(): PimCredentials {
			if (!state.creds) throw new Error('minimal server not started');
			return state.creds;
		},
	};
}
