/**
 * Every operation must reach the PIM through the package's transport (sendThroughTransport in
 * nodes/Pim/shared/runners.ts): one routed the plain declarative way would be sent by n8n
 * itself, without the shared limiter, the retry decision or the envelope check.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { Pim } from '../../nodes/Pim/Pim.node';
import { ENDPOINTS } from '../../nodes/Pim/shared/endpoints';
import { sendsItsOwnRequests, sendThroughTransport } from '../../nodes/Pim/shared/runners';

/**
 * Operations whose code sends its own requests: n8n builds none. The product writes go through
 * one executor (resources/product/engine/send.ts); Get by SKU filters the list; Export File reads it in
 * pages into a file.
 */
const OWN_REQUESTS = [
	'product.create',
	'product.update',
	'product.upsert',
	'product.getBySku',
	'product.importFile',
	'product.exportFile',
];

// Each operation once (a resource with an operation newer than version 1 has a picker per version).
const operations = [
	...new Map(
		new Pim().description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as INodePropertyOptions[]).map((o) => ({
					resource: p.displayOptions?.show?.resource?.[0],
					operation: o.value,
					routing: o.routing,
				})),
			)
			.map((op) => [`${op.resource}.${op.operation}`, op] as const),
	).values(),
];

describe('sendThroughTransport', () => {
	it('turns pagination on and hands the request to the runner, with preSend only when given', async () => {
		const seen: unknown[] = [];
		const result = [{ json: { ok: 1 } }];
		const run = async (item: { index: number }, requestData: unknown) => {
			seen.push(item.index, requestData);
			return result;
		};
		const preSend = [async (o: object) => o] as never;
		const routing = sendThroughTransport({ method: 'GET', url: '/x' }, run as never);
		expect(routing).toEqual({
			request: { method: 'GET', url: '/x' },
			send: { paginate: true },
			operations: { pagination: expect.any(Function) },
		});
		// The runner gets n8n's item and the request n8n built, and its items are the operation's.
		const requestData = { options: { url: '/x' } };
		const pagination = routing.operations!.pagination as (r: unknown) => Promise<unknown>;
		expect(await pagination.call({ getItemIndex: () => 3 }, requestData)).toBe(result);
		expect(seen).toEqual([3, requestData]);
		expect(sendThroughTransport({ method: 'PUT', url: '/y' }, run as never, preSend).send).toEqual({
			paginate: true,
			preSend,
		});
	});

	it('declares no request for an operation that sends its own', async () => {
		const run = async () => [];
		const routing = sendsItsOwnRequests(run as never);
		expect(routing).toEqual({
			send: { paginate: true },
			operations: { pagination: expect.any(Function) },
		});
		const pagination = routing.operations!.pagination as (r: unknown) => Promise<unknown>;
		expect(await pagination.call({ getItemIndex: () => 0 }, {})).toEqual([]);
	});

	it.each(operations)(
		'$resource.$operation is sent through the transport',
		({ resource, operation, routing }) => {
			expect(routing?.send?.paginate).toBe(true);
			expect(typeof routing?.operations?.pagination).toBe('function');
			// A request n8n builds goes to an endpoint of the interface; only the operations that
			// send their own requests declare none.
			if (OWN_REQUESTS.includes(`${resource}.${operation}`))
				expect(routing?.request).toBeUndefined();
			else expect(Object.values(ENDPOINTS)).toContain(routing?.request?.url);
		},
	);

	it("covers every operation of the node: the contract's 25, Import File and Export File", () => {
		expect(operations).toHaveLength(27);
	});
});
