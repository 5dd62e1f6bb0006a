import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { runClient, sendThroughTransport, toItems, writeResult } from '../../shared/operations';
import { joinRound, writeInRound } from '../../shared/round';
import { serializeForm } from '../../shared/serializer';
import { productFields } from './body';
import { prepareProductWrite } from './write';
import { productBySku } from './lookup';

/**
 * Per run, the work queued for each SKU: two items with the same SKU run one after the other,
 * so the second sees the product the first created instead of creating it again.
 */
const skuQueues = new WeakMap<object, Map<string, Promise<unknown>>>();

async function serialisedBySku<T>(
	runKey: object | undefined,
	sku: string,
	task: () => Promise<T>,
): Promise<T> {
	if (!runKey) return await task();
	let queues = skuQueues.get(runKey);
	if (!queues) skuQueues.set(runKey, (queues = new Map()));
	const previous = queues.get(sku) ?? Promise.resolve();
	const current = previous.then(task, task);
	queues.set(sku, current);
	return await current;
}

async function run(this: IExecutePaginationFunctions) {
	const round = this.getNode().typeVersion >= 2 ? joinRound(this) : undefined;
	return await writeInRound(
		round,
		this.getItemIndex(),
		async () => {
			const pim = runClient(this);
			const body = (await prepareProductWrite(this, 'create', pim))();
			const overwrite =
				(this.getNodeParameter('upsertOptions', {}) as IDataObject).isDataOverwrite === true;
			const { multiSelectForm } = await pim.connection();
			return { pim, body, overwrite, multiSelectForm };
		},
		async ({ pim, body, overwrite, multiSelectForm }) => {
			const result = await serialisedBySku(this.getExecuteData(), body.sku, async () => {
				const existing = await productBySku(pim, body.sku);
				const update = existing !== undefined;
				const data = await pim.request({
					method: update ? 'PUT' : 'POST',
					url: ENDPOINTS.product,
					body: serializeForm(
						productFields(update ? { ...body, isDataOverwrite: overwrite } : body, multiSelectForm),
					),
					write: true,
					domainOptional: true,
				});
				return { operation: update ? 'updated' : 'created', ...writeResult(data) };
			});
			return toItems(this, [result]);
		},
	);
}

export const option: INodePropertyOptions = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Create or update a product',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	routing: sendThroughTransport({ method: 'POST', url: ENDPOINTS.product }, run),
};

/** The product fields are shared with Create: see fields.ts. */
export const description: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'upsertOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('product', ['upsert']),
		options: [
			{
				displayName: 'Overwrite Data on Update',
				name: 'isDataOverwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether, when the product exists, the given channels, categories, images and multi-select values replace the current ones',
			},
		],
	},
];
