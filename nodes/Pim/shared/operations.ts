import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IHttpRequestMethods,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { lookaheadFor, MAX_ITEMS_PER_INPUT, paginate, readPage } from './pagination';
import type { ItemRunner, PimItem } from './item';
import { maxRecords, pageSize, pageSlice, runSettings } from './params';
import { serializeForm, type FormField } from './serializer';
import { sendThroughTransport } from './runners';
import type { PimClient, PimRequest } from './transport';
import type { ClientSettings } from './policy';

/**
 * The kinds of operation the resources are made of: a list, a show, a form write. Each sends the
 * request n8n built through the item's client and shapes the answer into the item's output.
 */

/**
 * The client of one input item: the node's Request Options, the account's shared limiter;
 * `paced`: its requests wait for the pace the limiter learned (policy.ts, ClientSettings).
 */
export function runClient(
	item: PimItem,
	paced = false,
	backoff?: ClientSettings['backoff'],
): PimClient {
	return item.client({ ...runSettings(item), paced, ...(backoff ? { backoff } : {}) });
}

/** The request n8n built from the routing, as the transport takes it. */
export function requestFrom(
	requestData: DeclarativeRestApiSettings.ResultOptions,
	extra: Partial<PimRequest> = {},
): PimRequest {
	const { method, url, qs, body } = requestData.options;
	// Optional parameters left empty resolve to undefined: they are not sent at all.
	const present = (object: unknown) =>
		Object.entries((object ?? {}) as IDataObject).filter(([, v]) => v !== undefined && v !== null);
	const query = present(qs);
	const fields = typeof body === 'string' ? [] : present(body);
	return {
		method: (method ?? 'GET') as IHttpRequestMethods,
		url: url ?? '',
		qs: query.length ? Object.fromEntries(query) : undefined,
		body:
			typeof body === 'string'
				? body
				: fields.length
					? serializeForm(fields as FormField[])
					: undefined,
		...extra,
	};
}

export function toItems(item: PimItem, records: IDataObject[]): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: item.index } }));
}

/** A show endpoint may answer the record or a one-element array: both give the record. */
export function singleRecord(item: PimItem, data: unknown, what: string): IDataObject {
	const record = Array.isArray(data) ? data[0] : data;
	if (Array.isArray(data) && data.length > 1)
		throw new NodeApiError(
			item.node,
			{ message: 'Ambiguous answer' },
			{
				message: `The PIM returned ${data.length} records for one ${what}`,
				itemIndex: item.index,
			},
		);
	if (!record || typeof record !== 'object')
		throw new NodeApiError(
			item.node,
			{ message: 'Not found' },
			{
				message: `The PIM returned no ${what}`,
				httpCode: '404',
				itemIndex: item.index,
			},
		);
	return record as IDataObject;
}

/** Lists: paginated ones follow the pages; plain-array ones are cut to Limit here. */
export function listOperation(kind: 'paginated' | 'plain'): ItemRunner {
	return async (item, requestData) => {
		const pim = runClient(item);
		const max = maxRecords(item);
		const request = requestFrom(requestData);
		if (kind === 'plain') {
			const page = readPage(await pim.request(request));
			return toItems(item, page.records.slice(0, max));
		}
		const { records } = await paginate(pim, request, {
			pageSize: pageSize(item, max),
			...pageSlice(item),
			max,
			lookahead: lookaheadFor(pim),
			refuseAbove: MAX_ITEMS_PER_INPUT,
		});
		return toItems(item, records);
	};
}

/** Show endpoints: the record itself is the item. */
export function recordOperation(what: string, extra: Partial<PimRequest> = {}): ItemRunner {
	return async (item, requestData) => {
		const data = await runClient(item).request(requestFrom(requestData, extra));
		return toItems(item, [singleRecord(item, data, what)]);
	};
}

/** Endpoints whose answer is not shown by the interface: an array gives one item per element. */
export function recordsOperation(): ItemRunner {
	return async (item, requestData) => {
		const data = await runClient(item).request(requestFrom(requestData));
		const page = readPage(data);
		if (page.records.length || Array.isArray(data) || page.paginated)
			return toItems(item, page.records);
		return toItems(item, [
			data && typeof data === 'object' ? (data as IDataObject) : { data: data as string },
		]);
	};
}

/** The answer of a write, as one item: the API's data, or its message when data is empty. */
export function writeResult(data: unknown, envelopeMessage?: string): IDataObject {
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as IDataObject;
	if (Array.isArray(data) && data.length === 1 && data[0] && typeof data[0] === 'object')
		return data[0] as IDataObject;
	return { success: true, message: envelopeMessage ?? null, data: (data ?? null) as IDataObject };
}

/**
 * The routing of a write whose form body `buildBody` makes from the item (an Assign operation),
 * awaited before the request queues. In version 2 the items of a run write as a round (round.ts).
 */
export function sendsForm(
	request: { method: IHttpRequestMethods; url: string },
	buildBody: (item: PimItem, pim: PimClient) => Promise<string>,
): INodePropertyRouting {
	return sendThroughTransport<{ pim: PimClient; form: PimRequest }>(request, {
		prepare: async (item, requestData) => {
			const pim = runClient(item);
			const form = requestFrom(requestData, { write: true });
			form.body = await buildBody(item, pim);
			return { pim, form };
		},
		write: async (item, { pim, form }) => toItems(item, [writeResult(await pim.request(form))]),
	});
}
