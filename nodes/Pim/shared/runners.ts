import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IHttpRequestOptions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { paginationHook, preSendHook, type ItemRunner, type PimItem } from './item';
import { ParameterProblem } from './params';
import { writeInRound, type WriteSteps } from './round';
import { problemText, skuOf } from './badRows';

/**
 * The `routing` of every operation. n8n's engine would send the request itself, outside our
 * transport (no concurrency bound, no retries, no check of the `status: false` envelope); with
 * `send.paginate` on it hands the request it built to `operations.pagination` instead. So every
 * operation turns pagination on and gives its runner as that function; a write gives its steps
 * instead, and its items run as a round (round.ts).
 */
export function sendThroughTransport<P>(
	request: { method: IHttpRequestMethods; url: string },
	run: ItemRunner | RequestWriteSteps<P>,
	preSend?: PreSendAction[],
): INodePropertyRouting {
	return { request, ...sendsItsOwnRequests(run, preSend) };
}

/**
 * The `routing` of an operation that sends its own requests (Create or Update, Get by SKU): n8n
 * builds no request for it. `preSend`: that of an operation whose request n8n builds.
 */
export function sendsItsOwnRequests<P>(
	run: ItemRunner | RequestWriteSteps<P>,
	preSend?: PreSendAction[],
): INodePropertyRouting {
	return {
		send: preSend ? { paginate: true, preSend } : { paginate: true },
		operations: {
			pagination: paginationHook((item, requestData) =>
				typeof run !== 'function'
					? writeInRound(item, run, requestData, settle)
					: settle(item, run(item, requestData)),
			),
		},
	};
}

/** A write's steps, given n8n's request for the item. */
type RequestWriteSteps<P> = WriteSteps<DeclarativeRestApiSettings.ResultOptions, P>;

/** An item's outcome as the node gives it: its error as the node's own, or its error item. */
function settle(item: PimItem, work: Promise<INodeExecutionData[]>): Promise<INodeExecutionData[]> {
	return work.catch((error: unknown) => {
		// Version 1 keeps n8n's own error items, as saved workflows know them.
		if (item.continueOnFail() && item.version >= 2) return errorItems(item, error);
		throw asOwnError(item, error);
	});
}

/**
 * A preSend that reads the item (a check, a query built from parameters). Any error becomes the
 * node's own, naming the item (n8n keeps a preSend's NodeOperationError as it is); a
 * NodeOperationError passes unchanged (its constructor returns it), another keeps its message.
 */
export function itemPreSend(
	prepare: (item: PimItem, options: IHttpRequestOptions) => IHttpRequestOptions,
): PreSendAction {
	return preSendHook((item, options) => {
		try {
			return prepare(item, options);
		} catch (error) {
			throw new NodeOperationError(item.node, error as Error, {
				itemIndex: item.index,
				description: error instanceof ParameterProblem ? error.description : undefined,
			});
		}
	});
}

/**
 * The node's own errors (a parameter, a name it cannot resolve) as n8n shows them for the node:
 * n8n's engine would show any error that is no NodeApiError as the PIM's answer ("Error code
 * none", "From PIM"). A NodeApiError without an answer shows only the message and description.
 */
function asOwnError(item: PimItem, error: unknown): NodeApiError {
	if (error instanceof NodeApiError) return error;
	const { message, description } = error as { message?: unknown; description?: unknown };
	return new NodeApiError(
		item.node,
		{},
		{
			message: String(message ?? error),
			description: typeof description === 'string' ? description : undefined,
			itemIndex: item.index,
		},
	);
}

/**
 * With Continue On Fail (version 2), a failed item paired with its row. It carries no error
 * object (n8n would replace its JSON with `{ error }`) and is shaped as n8n recognises an error
 * item: `{ error, message }` exactly for the error output (n8n adds the input row's fields),
 * the SKU beside them for the regular output.
 */
function errorItems(item: PimItem, error: unknown): INodeExecutionData[] {
	const own = asOwnError(item, error);
	const sku = skuOf(item);
	const message = `Item ${item.index}${sku ? ` (SKU ${sku})` : ''}: ${problemText(own)}`;
	const json: IDataObject =
		item.node.onError === 'continueErrorOutput'
			? { error: own.message, message }
			: { error: own.message, message, ...(sku ? { sku } : {}) };
	return [{ json, pairedItem: { item: item.index } }];
}
