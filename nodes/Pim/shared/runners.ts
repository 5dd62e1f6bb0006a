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
import { skuOf } from './badRows';

/**
 * The `routing` of every operation. n8n's declarative engine would send the request itself,
 * outside our transport: no account-wide concurrency bound, no retry policy, no check of the
 * `status: false` envelope. It hands the request it built (method, URL, query, body, preSend
 * applied) to `operations.pagination` instead when `send.paginate` is on, so every operation,
 * writes and single reads included, turns pagination on and gives its runner as the "pagination"
 * function: n8n still builds the request from the parameters, and `run` sends it. A write gives
 * its steps instead, and its items run as a round (round.ts).
 */
export function sendThroughTransport<P>(
	request: { method: IHttpRequestMethods; url: string },
	run: ItemRunner | RequestWriteSteps<P>,
	preSend?: PreSendAction[],
): INodePropertyRouting {
	return { request, ...sendsItsOwnRequests(run, preSend) };
}

/**
 * The `routing` of an operation that sends its own requests (Create or Update looks a product
 * up, then writes it; Get by SKU filters the list): n8n builds no request for it, and `run`
 * gets only the parameters' preSend result, which it does not use. `preSend`: the preSend of an
 * operation whose request n8n builds (sendThroughTransport).
 */
export function sendsItsOwnRequests<P>(
	run: ItemRunner | RequestWriteSteps<P>,
	preSend?: PreSendAction[],
): INodePropertyRouting {
	return {
		send: preSend ? { paginate: true, preSend } : { paginate: true },
		operations: {
			// The item is made by the hook and passed down (item.ts); a round makes it again at its turn.
			pagination: paginationHook((item, requestData) =>
				typeof run !== 'function'
					? writeInRound(item, run, requestData, settle)
					: settle(item, run(item, requestData)),
			),
		},
	};
}

/** A write's steps, given n8n's request for the item (see WriteSteps in round.ts). */
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
 * A preSend that reads the item (a check, a query built from parameters). Its problems are the
 * node's own errors naming the item: n8n keeps a preSend's NodeOperationError as it is (it
 * wraps only a runner's errors that are no NodeApiError, see asOwnError).
 */
export function itemPreSend(
	prepare: (item: PimItem, options: IHttpRequestOptions) => IHttpRequestOptions,
): PreSendAction {
	return preSendHook((item, options) => {
		try {
			return prepare(item, options);
		} catch (error) {
			// Any error becomes the node's own, naming the item; a NodeOperationError passes unchanged
			// (its constructor returns it), another keeps its message.
			throw new NodeOperationError(item.node, error as Error, {
				itemIndex: item.index,
				description: error instanceof ParameterProblem ? error.description : undefined,
			});
		}
	});
}

/**
 * The node's own errors (a parameter, a name it cannot resolve) as n8n shows them for the node,
 * not as if the PIM had answered: the declarative engine turns every error that is not a
 * NodeApiError into one with "Error code none" and the message as the API's raw message, under
 * "From PIM". A NodeApiError without an answer shows only the message and the description.
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
 * With Continue On Fail (version 2), an item that failed as an item of its own, paired with its row, so the
 * user can tell which row failed. n8n would make it `{ error }` alone: it replaces the JSON of
 * any item that carries an error object. So the item carries none, and is shaped as n8n's
 * engine recognises an error item: with "Continue (using error output)", `{ error, message }`
 * exactly, and n8n adds the input row's fields (its SKU column among them) as it routes it to
 * the error output; with "Continue (using regular output)", the SKU beside them.
 */
function errorItems(item: PimItem, error: unknown): INodeExecutionData[] {
	const own = asOwnError(item, error);
	const sku = skuOf(item);
	const detail = own.description ? `${own.message}. ${own.description}` : own.message;
	const message = `Item ${item.index}${sku ? ` (SKU ${sku})` : ''}: ${detail}`;
	const json: IDataObject =
		item.node.onError === 'continueErrorOutput'
			? { error: own.message, message }
			: { error: own.message, message, ...(sku ? { sku } : {}) };
	return [{ json, pairedItem: { item: item.index } }];
}
