import { sleep, Workflow } from 'n8n-workflow';

import { PimApi } from '../../credentials/PimApi.credentials';
import { nodeTypes, pimNode } from '../../harness/in-process';
import {
	deriveDomain,
	domainFromField,
	resolveConnection,
} from '../../nodes/Pim/shared/connection';
import { Limiter } from '../../nodes/Pim/shared/limiter';
import {
	backoffMs,
	classify,
	networkCodeOf,
	parseRetryAfter,
} from '../../nodes/Pim/shared/failures';
import { pimClient } from '../../nodes/Pim/shared/transport';
import { RUN_SETTINGS } from '../../nodes/Pim/shared/policy';
import { clientOn, envelope, fakeContext } from './fakes';

const response = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
	response: { statusCode, body, headers },
});

describe('classify', () => {
	it('returns data of a successful envelope', () => {
		expect(classify(response(200, { status: true, data: { id: 1 } }), false)).toMatchObject({
			data: { id: 1 },
		});
		expect(
			classify(response(200, JSON.stringify({ status: true, data: [1] })), false),
		).toMatchObject({ data: [1] });
	});

	it('turns status:false on HTTP 200 into a failure with the API message and status_code', () => {
		const outcome = classify(
			response(200, { status: false, message: 'Product not found', status_code: 404 }),
			false,
		);
		expect(outcome).toMatchObject({
			failure: { httpCode: 404, message: 'Product not found', retry: false },
		});
	});

	it('lists validation errors in the description', () => {
		const outcome = classify(
			response(422, { status: false, message: 'Invalid', data: { errors: { sku: ['taken'] } } }),
			true,
		);
		expect(outcome).toMatchObject({
			failure: { httpCode: 422, description: 'sku: taken', retry: false },
		});
	});

	it('tells to check the credential on 401/403', () => {
		expect(
			classify(response(401, { status: false, message: 'Unauthenticated' }), false),
		).toMatchObject({
			failure: { description: expect.stringContaining('Token and Domain') },
		});
	});

	it('retries 429 and 503 for writes too, honouring Retry-After; other 5xx only for reads', () => {
		expect(classify(response(429, { status: false }, { 'retry-after': '3' }), true)).toMatchObject({
			failure: { retry: true, retryAfterMs: 3000 },
		});
		expect(classify(response(503, '<html>busy</html>'), true)).toMatchObject({
			failure: { retry: true },
		});
		expect(classify(response(500, { status: false }), true)).toMatchObject({
			failure: { retry: false },
		});
		expect(classify(response(500, { status: false }), false)).toMatchObject({
			failure: { retry: true },
		});
	});

	it("says what a failure tells the account's limiter: a rate limit, a busy answer or a fault", () => {
		const signal = (attempt: Parameters<typeof classify>[0]) =>
			(classify(attempt, false) as { failure: { signal: string } }).failure.signal;
		expect(signal(response(429, { status: false }))).toBe('rateLimit');
		expect(signal(response(429, '<html>slow down</html>', { 'retry-after': '1' }))).toBe(
			'rateLimit',
		);
		// 503: busy, with or without a Retry-After (limiter.ts decides whether it is load).
		expect(signal(response(503, '<html>busy</html>'))).toBe('busy');
		expect(signal(response(503, { status: false }, { 'retry-after': '2' }))).toBe('busy');
		// Server errors, gateway errors and connection errors are faults, a Retry-After or not.
		for (const status of [500, 502, 504])
			expect(signal(response(status, { status: false }, { 'retry-after': '1' }))).toBe('fault');
		expect(signal({ networkCode: 'ECONNREFUSED' })).toBe('fault');
		expect(signal({ networkCode: 'ECONNRESET' })).toBe('fault');
	});

	it('reports HTML, malformed and empty bodies with the status', () => {
		expect(classify(response(502, '<html><body>Bad gateway</body></html>'), false)).toMatchObject({
			failure: {
				message: 'The PIM answered HTTP 502 with a body that is not JSON',
				description: expect.stringContaining('Bad gateway'),
			},
		});
		expect(classify(response(200, '{"status": tr'), true)).toMatchObject({
			failure: { retry: false, httpCode: 200 },
		});
		expect(classify(response(200, ''), false)).toMatchObject({
			failure: { message: 'The PIM answered HTTP 200 with an empty body', retry: true },
		});
	});

	it('retries a read whose answer is not JSON by its status: a gateway page yes, a 404 page no', () => {
		const page = (status: number) =>
			classify(response(status, '<html><body>Not here</body></html>'), false);
		// A wrong Base URL's page comes back the same however often it is asked.
		expect(page(404)).toMatchObject({ failure: { retry: false, httpCode: 404 } });
		expect(page(401)).toMatchObject({ failure: { retry: false } });
		expect(page(502)).toMatchObject({ failure: { retry: true } });
		expect(page(200)).toMatchObject({ failure: { retry: true } });
		expect(page(429)).toMatchObject({ failure: { retry: true } });
	});

	it('retries network failures for reads, and for writes only when nothing was sent', () => {
		expect(classify({ networkCode: 'ECONNRESET' }, false)).toMatchObject({
			failure: { retry: true },
		});
		expect(classify({ networkCode: 'ECONNRESET' }, true)).toMatchObject({
			failure: { retry: false },
		});
		expect(classify({ networkCode: 'ECONNREFUSED' }, true)).toMatchObject({
			failure: { retry: true },
		});
	});
});

describe('helpers', () => {
	it('parseRetryAfter reads seconds and HTTP dates', () => {
		expect(parseRetryAfter('2')).toBe(2000);
		expect(
			parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
		).toBe(5000);
		expect(parseRetryAfter('soon')).toBeUndefined();
	});

	it('backoff grows and stays within the cap', () => {
		for (let attempt = 0; attempt < 12; attempt++) {
			const ms = backoffMs(attempt);
			const ceiling = Math.min(30000, 500 * 2 ** attempt);
			expect(ms).toBeGreaterThanOrEqual(ceiling / 2);
			expect(ms).toBeLessThanOrEqual(ceiling);
		}
	});

	it('networkCodeOf finds the code behind n8n-worded errors', () => {
		expect(networkCodeOf({ message: 'x', cause: { code: 'ECONNREFUSED' } }).code).toBe(
			'ECONNREFUSED',
		);
		expect(
			networkCodeOf({ message: 'The connection was aborted, perhaps the server is offline' }).code,
		).toBe('ECONNABORTED');
		expect(
			networkCodeOf({ message: 'n8n text', messages: ['timeout of 200ms exceeded'] }).code,
		).toBe('ETIMEDOUT');
		expect(networkCodeOf({ message: 'Bad request' }).code).toBeUndefined();
	});

	it('deriveDomain takes the first label of an account address, never a generic one', () => {
		expect(deriveDomain('https://acme.pim.example.com')).toBe('acme');
		expect(deriveDomain('http://localhost:8787')).toBeUndefined();
		expect(deriveDomain('http://127.0.0.1:8787')).toBeUndefined();
		// The real service's shared API host names no account.
		for (const host of ['api', 'www', 'app', 'API'])
			expect(deriveDomain(`https://${host}.pim.example.com`)).toBeUndefined();
	});

	it('Domain takes the account name or the account address, reduced to the account name', () => {
		for (const given of [
			'acme',
			' acme ',
			'acme.pim.example.com',
			'https://acme.pim.example.com',
			'https://acme.pim.example.com/anything?x=1',
			'acme.pim.example.com/login',
			'acme.pim.example.com:8443',
		]) {
			expect(domainFromField(given)).toBe('acme');
		}
		// A name typed as such is the user's choice, even a word that is generic in a host name.
		expect(domainFromField('Acme-EU')).toBe('Acme-EU');
		expect(domainFromField('app')).toBe('app');
		for (const bad of [
			'https://api.pim.example.com',
			'www.pim.example.com',
			'10.0.0.1',
			'https://localhost',
			'ac me',
			'acme\r\nx: 1',
			'https://',
			'_x',
		]) {
			expect(domainFromField(bad)).toBeUndefined();
		}
		expect(
			resolveConnection({
				baseUrl: 'https://api.pim.example.com',
				domain: 'https://acme.pim.example.com/',
				token: 't',
			}),
		).toEqual({
			connection: {
				baseUrl: 'https://api.pim.example.com',
				domain: 'acme',
				token: 't',
				multiSelectForm: 'suffix',
			},
		});
		// Nothing names an account: no domain (the operations then say what to enter).
		expect(resolveConnection({ baseUrl: 'https://api.pim.example.com', token: 't' })).toEqual({
			connection: {
				baseUrl: 'https://api.pim.example.com',
				domain: undefined,
				token: 't',
				multiSelectForm: 'suffix',
			},
		});
		const refused = resolveConnection({
			baseUrl: 'https://api.pim.example.com',
			domain: 'api.pim.example.com',
			token: 't',
		});
		expect(refused.problem?.message).toBe(
			'Credential field "Domain": must be the account name only (letters, digits and hyphens) or the account\'s address; enter your account name: the first part of the address you open the PIM at (acme for https://acme.pim.example.com)',
		);
	});

	it('the credential test cleans the Base URL as the node does (a pasted /api/integration is dropped)', () => {
		// Evaluated by n8n-workflow's own expression engine, as n8n does for the test request.
		const node = pimNode({});
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		const evaluate = (credentials: { baseUrl: string }) =>
			workflow.expression.getSimpleParameterValue(
				node,
				new PimApi().test.request.baseURL!,
				'internal',
				{
					$credentials: credentials,
				} as never,
			);
		for (const baseUrl of [
			'https://api.pim.example.com',
			'https://api.pim.example.com/',
			' https://api.pim.example.com/api/integration/ ',
		]) {
			const { connection } = resolveConnection({ baseUrl, token: 't', domain: 'acme' }) as {
				connection: { baseUrl: string };
			};
			expect(evaluate({ baseUrl })).toBe(connection.baseUrl);
		}
	});

	it('resolveConnection normalises the base URL and keeps a pasted API prefix out', () => {
		expect(
			resolveConnection({ baseUrl: ' https://acme.pim.example.com/api/integration/ ', token: 't' }),
		).toEqual({
			connection: {
				baseUrl: 'https://acme.pim.example.com',
				domain: 'acme',
				token: 't',
				multiSelectForm: 'suffix',
			},
		});
		// Multi-Select Field Names: plain when chosen; anything else (or nothing) is the default.
		const form = (multiSelectForm: unknown) =>
			(
				resolveConnection({
					baseUrl: 'https://acme.pim.example.com',
					token: 't',
					multiSelectForm,
				}) as { connection: { multiSelectForm: string } }
			).connection.multiSelectForm;
		expect([form('plain'), form('suffix'), form(undefined), form('other')]).toEqual([
			'plain',
			'suffix',
			'suffix',
			'suffix',
		]);
	});
});

describe('PimClient.request', () => {
	it('retries after Retry-After and then succeeds; the token is in no error', async () => {
		const { ctx, calls } = fakeContext((_o, call) =>
			call === 1
				? { statusCode: 429, headers: { 'retry-after': '0' }, body: { status: false } }
				: { body: { status: true, data: { ok: 1 } } },
		);
		await expect(
			clientOn(ctx, new Limiter(2)).request({ method: 'GET', url: '/x' }),
		).resolves.toEqual({
			ok: 1,
		});
		expect(calls).toHaveLength(2);

		const failing = fakeContext(() => ({
			statusCode: 500,
			body: { status: false, message: 'Boom secret-token' },
		}));
		const error = await clientOn(failing.ctx, new Limiter(1))
			.request({ method: 'POST', url: '/x', write: true })
			.catch((e: unknown) => e);
		expect(failing.calls).toHaveLength(1);
		expect(String((error as Error).message)).toContain('Boom');
	});

	it('builds a deferred body in its turn, once across retries; a builder error is thrown as is, before sending', async () => {
		const order: string[] = [];
		const { ctx, calls } = fakeContext((_o, call) => {
			order.push(`send ${call}`);
			return call === 1
				? { statusCode: 429, headers: { 'retry-after': '0' }, body: { status: false } }
				: envelope({ ok: 1 });
		});
		const limiter = new Limiter(1);
		let free!: () => void;
		const held = limiter.run(() => new Promise<void>((resolve) => (free = resolve)));
		const build = () => {
			order.push('build');
			return 'sku=A';
		};
		const pending = clientOn(ctx, limiter).request({
			method: 'PUT',
			url: '/x',
			write: true,
			body: build,
		});
		await sleep(20);
		expect(order).toEqual([]); // the only slot is taken: nothing built yet
		free();
		await held;
		await expect(pending).resolves.toEqual({ ok: 1 });
		expect(order).toEqual(['build', 'send 1', 'send 2']);
		expect(calls.map((c) => c.body)).toEqual(['sku=A', 'sku=A']);

		const bad = fakeContext(() => envelope({}));
		const error = new Error('Parameter "SKU" is required');
		const refused = clientOn(bad.ctx, new Limiter(1)).request({
			method: 'PUT',
			url: '/x',
			write: true,
			body: () => {
				throw error;
			},
		});
		await expect(refused).rejects.toBe(error);
		expect(bad.calls).toHaveLength(0);
	});

	it("a node run's client reads the credential of its input item and names the item in errors", async () => {
		const { ctx } = fakeContext(() => ({
			statusCode: 422,
			body: { status: false, message: 'Invalid' },
		}));
		const read = jest.spyOn(ctx, 'getCredentials');
		const pim = pimClient(
			ctx,
			{ ...RUN_SETTINGS, maxConcurrency: 1 },
			{ itemIndex: 3, limiter: new Limiter(1) },
		);
		const error = await pim.request({ method: 'GET', url: '/x' }).catch((e: unknown) => e);
		expect(read).toHaveBeenCalledWith('pimApi', 3);
		expect((error as { context: { itemIndex?: number } }).context.itemIndex).toBe(3);
		// Once read, the credential is given as it is, not as a promise (Later, shared/run.ts).
		expect(pim.connection()).toMatchObject({ baseUrl: 'https://acme.pim.example.com' });
		expect(read).toHaveBeenCalledTimes(1); // read once per context and item
	});

	it('a sporadic 503 is retried by its request alone; a 429 pauses the account and narrows the window; the client counts both', async () => {
		const { ctx, calls } = fakeContext((_o, call) =>
			call === 1
				? { statusCode: 503, headers: { 'retry-after': '0' }, body: { status: false } }
				: call === 3
					? { statusCode: 429, headers: { 'retry-after': '0' }, body: { status: false } }
					: envelope({ ok: call }),
		);
		const limiter = new Limiter(4);
		const client = clientOn(ctx, limiter);
		await expect(client.request({ method: 'POST', url: '/x', write: true })).resolves.toEqual({
			ok: 2,
		});
		// The 503: retried (a write too: not processed), nothing changed for other requests.
		expect(limiter.counts).toEqual({ refusals: 0, faults: 1, pauses: 0 });
		expect(limiter.currentWindow).toBe(4);
		expect(client.retries).toEqual({ refused: 0, faulted: 1, waitedMs: 0 });

		await expect(client.request({ method: 'GET', url: '/x' })).resolves.toEqual({ ok: 4 });
		expect(limiter.counts).toEqual({ refusals: 1, faults: 1, pauses: 1 });
		expect(limiter.currentWindow).toBe(1); // 1 in flight when refused: halved, at least 1
		expect(client.retries).toEqual({ refused: 1, faulted: 1, waitedMs: 0 });
		expect(calls).toHaveLength(4);
	});

	it('gives up when Retry-After exceeds the wait budget', async () => {
		const { ctx, calls } = fakeContext(() => ({
			statusCode: 429,
			headers: { 'retry-after': '600' },
			body: { status: false, message: 'Slow down' },
		}));
		await expect(
			clientOn(ctx, new Limiter(1), {
				maxRetries: 5,
				maxRetryWaitMs: 1000,
				timeoutMs: 1000,
			}).request({ method: 'GET', url: '/x' }),
		).rejects.toThrow('Slow down');
		expect(calls).toHaveLength(1);
	});
});
