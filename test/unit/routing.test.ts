/**
 * Every operation must reach the PIM through the package's transport (sendThroughTransport in
 * nodes/Pim/shared/operations.ts): one routed the plain declarative way would be sent by n8n
 * itself, without the shared limiter, the retry decision or the envelope check.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { Pim } from '../../nodes/Pim/Pim.node';
import { ENDPOINTS } from '../../nodes/Pim/shared/endpoints';
import { sendThroughTransport } from '../../nodes/Pim/shared/operations';

const operations = new Pim().description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		(p.options as INodePropertyOptions[]).map((o) => ({
			resource: p.displayOptions?.show?.resource?.[0],
			operation: o.value,
			routing: o.routing,
		})),
	);

describe('sendThroughTransport', () => {
	it('turns pagination on and hands the request to the runner, with preSend only when given', async () => {
		const run = async () => [];
		const preSend = [async (o: object) => o] as never;
		expect(sendThroughTransport({ method: 'GET', url: '/x' }, run)).toEqual({
			request: { method: 'GET', url: '/x' },
			send: { paginate: true },
			operations: { pagination: run },
		});
		expect(sendThroughTransport({ method: 'PUT', url: '/y' }, run, preSend).send).toEqual({
			paginate: true,
			preSend,
		});
	});

	it.each(operations)('$resource.$operation is sent through the transport', ({ routing }) => {
		expect(routing?.send?.paginate).toBe(true);
		expect(typeof routing?.operations?.pagination).toBe('function');
		expect(Object.values(ENDPOINTS)).toContain(routing?.request?.url);
	});

	it('covers every operation of the node', () => {
		expect(operations).toHaveLength(25);
	});
});
