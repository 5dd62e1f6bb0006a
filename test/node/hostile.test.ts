/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * A hostile or misconfigured PIM (#21): the token goes only to the Base URL's origin, every list
 * read ends within a bound, and a timeout says what happened. Every request path of the package
 * (an operation, the mapper's field list, a dropdown, a list search, a trigger poll) is driven
 * through n8n-core's own request helpers against test/helpers/hostile-server.ts.
 */
import type http from 'node:http';
import type { IDataObject } from 'n8n-workflow';

import { sendEnvelope } from '../helpers/minimal-server';
import { useHostileServer } from '../helpers/hostile-server';
import {
	listSearch,
	loadOptions,
	pimTriggerPoller,
	resourceMapping,
	runPim,
	type RunResult,
} from '../../harness/in-process';
import { attributes, productWrite } from '../../harness/product-write';

const SENTINEL = 'sentinel-value-never-leaves-123';
const host = useHostileServer({ domain: 'acme', token: SENTINEL });

const quick = { maxRetries: 0, timeout: 1500 };
const list = { resource: 'product', operation: 'getAll', returnAll: true, requestOptions: quick };
const update = productWrite('update', {
	sku: 'A-1',
	attributes: attributes({ name: 'Renamed' }),
	requestOptions: quick,
});
const create = productWrite('create', { sku: 'A-1', familyCode: 'shoes', requestOptions: quick });

/** Nothing the run produced may carry the token: items, errors, their descriptions. */
function expectNoToken(...things: unknown[]) {
	for (const thing of things) expect(JSON.stringify(thing ?? null)).not.toContain(SENTINEL);
}

function redirect(res: http.ServerResponse, status: number, location: string) {
	res.writeHead(status, { location });
	res.end();
}

/** The attribute list an Update reads first, then `then` for everything else. */
function withAttributes(
	then: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
	return (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => {
		if (url.pathname === '/api/integration/attribute')
			return sendEnvelope(res, {
				record: [{ id: 1, code: 'name', type: 'text', name: 'Name' }],
				recordsTotal: 1,
			});
		then(url, req, res);
	};
}

describe('redirects: the token goes only to the Base URL origin', () => {
	const elsewhereForms = () => [
		['another port', host.elsewhereOrigin()],
		['another host', host.elsewhereHost()],
	];

	for (const status of [301, 302, 303, 307, 308]) {
		it(`a ${status} to another origin is not followed, for a read and for a write`, async () => {
			for (const [, origin] of elsewhereForms()) {
				host.behave(
					withAttributes((url, _req, res) =>
						redirect(res, status, `${origin}${url.pathname}${url.search}`),
					),
				);
				const read = await runPim(host.creds(), list);
				const write = await runPim(host.creds(), update, { input: [{}] });
				const creating = await runPim(host.creds(), create, { input: [{}] });
				for (const run of [read, write, creating]) {
					expect(run.error?.message).toContain(
						`The PIM redirected the request to another address (${new URL(origin).origin})`,
					);
					expect(run.error?.description).toMatch(/Base URL/);
					expectNoToken(run.items, run.error);
				}
				// The query of the redirect is not named in the message.
				expect(read.error?.message).not.toContain('pagination');
				expect(host.atElsewhere).toEqual([]);
			}
		});
	}

	it('a redirect from http to https (another scheme) is not followed either', async () => {
		host.behave((url, _req, res) =>
			redirect(res, 302, `https://127.0.0.1:${new URL(host.pimOrigin()).port}${url.pathname}`),
		);
		const { error } = await runPim(host.creds(), list);
		expect(error?.message).toContain(
			`another address (https://127.0.0.1:${new URL(host.pimOrigin()).port})`,
		);
		expect(host.atPim).toHaveLength(1);
	});

	it('a same-origin redirect of a read is followed (its own query kept), a few hops at most', async () => {
		host.behave((url, _req, res) => {
			if (url.pathname === '/api/integration/product')
				return redirect(res, 302, `/moved/product${url.search}`);
			if (url.pathname === '/moved/product')
				return redirect(res, 307, `${host.pimOrigin()}/final/product${url.search}`);
			sendEnvelope(res, {
				record: [{ id: 7, sku: 'MOVED-7' }],
				recordsTotal: 1,
				currentPage: 1,
				pageLimit: 100,
			});
		});
		const { items, error } = await runPim(host.creds(), list);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.sku)).toEqual(['MOVED-7']);
		expect(host.atPim.map((r) => r.url.split('?')[0])).toEqual([
			'/api/integration/product',
			'/moved/product',
			'/final/product',
		]);
		// Every hop carried the token (it stayed on the origin) and the list's query.
		for (const r of host.atPim) {
			expect(r.headers.token).toBe(SENTINEL);
			expect(r.url).toContain('pagination%5BcurrentPage%5D=1');
		}

		host.atPim.length = 0;
		host.behave((url, _req, res) => redirect(res, 302, `/loop${url.search}`));
		const loop = await runPim(host.creds(), list);
		expect(loop.error?.message).toMatch(/redirected the request more than 3 times/);
		expect(host.atPim).toHaveLength(4);
	});

	it('a write is never re-sent by a redirect, not even to its own origin', async () => {
		for (const status of [302, 307, 308]) {
			host.atPim.length = 0;
			host.behave(
				withAttributes((url, req, res) =>
					req.method === 'PUT'
						? redirect(res, status, '/api/integration/product-again')
						: emptyAnswer(res, url),
				),
			);
			const { error } = await runPim(host.creds(), update, { input: [{}] });
			expect(error?.message).toContain(
				`The PIM answered the change with a redirect (HTTP ${status})`,
			);
			expect(host.atPim.filter((r) => r.method === 'PUT')).toHaveLength(1);
			expect(host.atPim.filter((r) => r.url.includes('product-again'))).toEqual([]);
		}
	});

	it('with Continue On Fail every item gets the error and the other origin sees nothing', async () => {
		host.behave((url, _req, res) => redirect(res, 307, `${host.elsewhereOrigin()}${url.pathname}`));
		const { items, error } = await runPim(
			host.creds(),
			{
				resource: 'product',
				operation: 'get',
				productId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				requestOptions: quick,
			},
			{ input: [{ id: 1 }, { id: 2 }, { id: 3 }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		for (const item of items) expect(String(item.json.error)).toMatch(/another address/);
		expect(host.atElsewhere).toEqual([]);
		expectNoToken(items);
	});

	it('the editor and the trigger: field list, dropdown, list search and poll never follow it', async () => {
		host.behave((url, _req, res) =>
			redirect(res, 302, `${host.elsewhereOrigin()}${url.pathname}${url.search}`),
		);
		const attempts: Array<[string, () => Promise<unknown>]> = [
			['mapper fields', () => resourceMapping(host.creds(), 'getAttributeFields')],
			['family dropdown', () => loadOptions(host.creds(), 'getFamilies')],
			['product search', () => listSearch(host.creds(), 'searchProducts', 'x')],
			['category search', () => listSearch(host.creds(), 'searchCategories')],
			['trigger poll', () => pimTriggerPoller(host.creds(), {}).poll()],
			['trigger manual run', () => pimTriggerPoller(host.creds(), {}).poll('manual')],
		];
		for (const [what, attempt] of attempts) {
			const error = await attempt().then(
				() => new Error(`${what} succeeded`),
				(e: unknown) => e as Error,
			);
			expect({ what, message: error.message }).toEqual({
				what,
				message: expect.stringContaining('redirected the request to another address'),
			});
			expectNoToken(error.message, (error as { description?: string }).description);
		}
		expect(host.atElsewhere).toEqual([]);
	});
});

describe('every list read ends within a bound', () => {
	/** Full pages of new records forever; `total` as the server states it (or not). */
	const endless =
		(total?: number) => (url: URL, _req: http.IncomingMessage, res: http.ServerResponse) => {
			const page = Number(url.searchParams.get('pagination[currentPage]') ?? 1);
			const limit = Number(url.searchParams.get('pagination[pageLimit]') ?? 100);
			const record = Array.from({ length: limit }, (_, i) => {
				const id = (page - 1) * limit + i + 1;
				return {
					id,
					sku: `E-${id}`,
					code: `e${id}`,
					title: `E ${id}`,
					updated_at: '2024-01-01 00:00:00',
				};
			});
			sendEnvelope(res, {
				record,
				...(total === undefined ? {} : { recordsTotal: total }),
				currentPage: page,
				pageLimit: limit,
			});
		};

	it('Return All on a list without recordsTotal stops at 100 000 records with advice', async () => {
		host.behave(endless());
		const { error, items } = await runPim(host.creds(), {
			...list,
			options: { pageSize: 1000 },
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'The list has more than 100000 records; one input item can return at most 100000 in n8n',
		);
		expect(error?.description).toMatch(/Start Page and Max Pages/);
		const pages = host.atPim.length;
		// The bound plus the pages asked ahead: never thousands.
		expect(pages).toBeGreaterThanOrEqual(101);
		expect(pages).toBeLessThanOrEqual(106);
	});

	it('a slice (Start Page, Max Pages) of the same endless list is read', async () => {
		host.behave(endless());
		const { error, items } = await runPim(host.creds(), {
			...list,
			options: { pageSize: 1000, startPage: 3, maxPages: 2 },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2000);
		expect(items[0].json.id).toBe(2001);
	});

	it('dropdowns, the mapper fields and the trigger stop at the bound too', async () => {
		host.behave(endless());
		for (const attempt of [
			() => loadOptions(host.creds(), 'getFamilies'),
			() => resourceMapping(host.creds(), 'getAttributeFields'),
			() => pimTriggerPoller(host.creds(), {}).poll(),
		]) {
			host.atPim.length = 0;
			await expect(attempt()).rejects.toThrow(/more than 100000 records/);
			expect(host.atPim.length).toBeLessThanOrEqual(106);
		}
		// A trigger on a list that says it is too long stops after its first pages.
		host.atPim.length = 0;
		host.behave(endless(250_000));
		const poll = pimTriggerPoller(host.creds(), {}).poll();
		await expect(poll).rejects.toThrow(/The list has 250000 records/);
		await expect(poll).rejects.toMatchObject({
			description: expect.stringMatching(/A poll holds/),
		});
		expect(host.atPim.length).toBeLessThanOrEqual(6);
	});

	it('a trigger on a list past the bound that shows itself last-updated first reads its changes, not refused', async () => {
		// 150 000 products, the newest change first (ids rising down the list: not newest-created first).
		host.behave((url, _req, res) => {
			const page = Number(url.searchParams.get('pagination[currentPage]') ?? 1);
			const limit = Number(url.searchParams.get('pagination[pageLimit]') ?? 100);
			const at = (n: number) =>
				new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString().slice(0, 19).replace('T', ' ');
			const record = Array.from({ length: limit }, (_, i) => {
				const n = (page - 1) * limit + i;
				return { id: n + 1, sku: `L-${n + 1}`, updated_at: at(n) };
			});
			sendEnvelope(res, { record, recordsTotal: 150_000, currentPage: page, pageLimit: limit });
		});
		host.atPim.length = 0;
		// The first poll (no cursor): the products of the newest time, from the first page.
		const staticData: IDataObject = {};
		// The first poll sets the cursor at the newest change (and emits nothing): not refused.
		expect(await pimTriggerPoller(host.creds(), {}, staticData).poll()).toBeNull();
		expect(staticData).toMatchObject({
			'node:PIM Trigger': { cursor: { updatedAt: '2026-01-01 00:00:00', ids: ['1'] } },
		});
		expect(host.atPim.length).toBeLessThanOrEqual(3);
	});

	it('a page that repeats the previous one ends the read with a clear error', async () => {
		host.behave((_url, _req, res) =>
			sendEnvelope(res, {
				record: [
					{ id: 1, sku: 'SAME-1' },
					{ id: 2, sku: 'SAME-2' },
				],
				pageLimit: 2,
			}),
		);
		const { error } = await runPim(host.creds(), { ...list, options: { pageSize: 2 } });
		expect(error?.message).toBe(
			'The PIM returned the same records for page 2 as for an earlier page',
		);
		expect(host.atPim.length).toBeLessThanOrEqual(3);
	});
});

describe('timeouts say what happened', () => {
	const get = {
		resource: 'product',
		operation: 'get',
		productId: { __rl: true, mode: 'id', value: '1' },
	};
	const run = (timeout: number, maxRetries = 0): Promise<RunResult> =>
		runPim(host.creds(), { ...get, requestOptions: { timeout, maxRetries } });

	it('an answer whose body stalls ends with the timeout, not as a network error', async () => {
		host.behave((_url, _req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{"status":true,"data":{"id":1,');
		});
		const started = Date.now();
		const { error } = await run(800);
		expect(error?.message).toBe("The PIM's answer did not complete within the Timeout (800 ms)");
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error?.description).toMatch(/HTTP 200/);
	});

	it('a slow drip of bytes that never finishes within the Timeout is cut at the Timeout', async () => {
		host.behave((_url, _req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{"status":true,"data":{"id":1,"n":"');
			const drip = setInterval(
				() => (res.writableEnded ? clearInterval(drip) : res.write('x')),
				100,
			);
			res.on('close', () => clearInterval(drip));
		});
		const started = Date.now();
		const { error } = await run(1000);
		const took = Date.now() - started;
		expect(error?.message).toBe("The PIM's answer did not complete within the Timeout (1000 ms)");
		// Each byte came well within the Timeout: only a whole-answer deadline ends this, never
		// before the Timeout (attempts of the same second share a deadline up to 1 s later).
		expect(took).toBeGreaterThanOrEqual(1000);
		expect(took).toBeLessThan(5000);
	});

	it('a read that stalls is tried again, and the message counts the attempts', async () => {
		host.behave((_url, _req, res) => {
			res.writeHead(200);
			res.write('{');
		});
		const { error } = await run(500, 1);
		expect(error?.message).toMatch(
			/did not complete within the Timeout \(500 ms\) \(after 2 attempts\)/,
		);
		expect(host.atPim).toHaveLength(2);
	});

	it('a server that never answers ends with the timeout message; a closed port is "could not be reached"', async () => {
		host.behave(() => undefined);
		const { error } = await run(600);
		expect(error?.message).toBe('The PIM did not answer within the Timeout (600 ms)');

		const closed = await runPim(
			{ ...host.creds(), baseUrl: 'http://127.0.0.1:1' },
			{ ...get, requestOptions: { maxRetries: 0 } },
		);
		expect(closed.error?.message).toMatch(/^The PIM could not be reached: connection refused/);
	});

	it('an answer of 200 MB is cut at 64 MB, and memory stays bounded', async () => {
		host.behave((_url, _req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{"status":true,"data":{"record":[');
			const chunk = Buffer.from(`${'{"id":1,"sku":"BIG-1"},'.repeat(43_690)}`); // ~1 MB
			let sent = 0;
			const pump = () => {
				while (sent < 200 && !res.destroyed) {
					sent++;
					if (!res.write(chunk)) return res.once('drain', pump);
				}
				if (!res.destroyed) res.end('{"id":2}]}}');
			};
			pump();
		});
		const before = process.memoryUsage().rss;
		const { error } = await runPim(host.creds(), {
			...list,
			requestOptions: { timeout: 60_000, maxRetries: 2 },
		});
		expect(error?.message).toBe("The PIM's answer is larger than 64 MB");
		// Not repeated: a second try would read the same 200 MB.
		expect(host.atPim).toHaveLength(1);
		expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
	});
});

/** An empty but valid answer: a list without records, or a show of one bare record. */
function emptyAnswer(res: http.ServerResponse, url: URL) {
	sendEnvelope(res, url.pathname.endsWith('/show') ? { id: 1 } : { record: [], recordsTotal: 0 });
}
