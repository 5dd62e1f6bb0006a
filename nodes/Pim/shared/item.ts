import type {
	DeclarativeRestApiSettings,
	IBinaryData,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	PreSendAction,
} from 'n8n-workflow';

import type { ClientSettings } from './policy';
import { runOf, RunSlot, type PimRun } from './run';
import { pimClient, type PimClient } from './transport';

/**
 * The one module that talks to n8n's per-item calls. The node is declarative: n8n's engine
 * builds each item's request from the routing and hands the item over through two hooks, a
 * routing's `operations.pagination` (every operation turns it on to send its requests through
 * the node's transport: runners.ts) and a preSend. Both hooks make a PimItem here, and the rest
 * of the code sees the item only through it: its parameters (each expression evaluated once),
 * its row, its binary data, its client, and its place in the run (run.ts: the per-execution
 * state that Loop Over Items' batches share, keyed by objects n8n holds for the execution).
 */

/** A node run's node, which saved parameters hold no expression, and their values. */
const PARAMETERS = new RunSlot<{
	node?: INode;
	constant: Map<string, boolean>;
	values: Map<string, unknown>;
}>(() => ({ constant: new Map(), values: new Map() }));

/**
 * One input item as the node's code sees it, passed down instead of n8n's context: what that
 * context computes on every call (getNode() deep-copies the node, the run's state is looked up)
 * is computed once per run or per item.
 */
export class PimItem {
	readonly index: number;
	readonly run: PimRun;
	/** Group By's filling of the item's row (fill). */
	private filled?: IDataObject;

	constructor(
		/** n8n's context of the item, for what only n8n does: requests, credentials, expressions. */
		private readonly ctx: IExecuteSingleFunctions,
	) {
		this.index = ctx.getItemIndex();
		this.run = runOf({
			nodeRun: ctx.getExecuteData?.() as object | undefined,
			itemIndex: this.index,
			execution: () => {
				try {
					return ctx.getContext('node');
				} catch {
					return undefined;
				}
			},
			node: () => ctx.getNode(),
		});
	}

	/** What an item waiting in a write round keeps of itself: itemAgain() makes it again. */
	get handle(): ItemHandle {
		return this.ctx as unknown as ItemHandle;
	}

	client(settings: ClientSettings): PimClient {
		return pimClient(this.ctx, settings, { itemIndex: this.index });
	}

	/** A parameter as n8n gives it with `extractValue` (a resource locator's value). */
	extractedParam(name: string): unknown {
		return this.ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	}

	/** The input item's binary property (an error naming it when there is none). */
	inputBinary(property: string): IBinaryData {
		return this.ctx.helpers.assertBinaryData(property);
	}

	/** The file name of the input item's binary property, when it has one. */
	inputFileName(property: string): string | undefined {
		return this.ctx.getInputData()?.binary?.[property]?.fileName;
	}

	async binaryStream(id: string, chunkSize: number): Promise<AsyncIterable<Uint8Array>> {
		return (await this.ctx.helpers.getBinaryStream(
			id,
			chunkSize,
		)) as unknown as AsyncIterable<Uint8Array>;
	}

	/** The size in bytes of stored binary data, when n8n tells it. */
	async binarySize(id: string): Promise<number | undefined> {
		try {
			const { fileSize } = await this.ctx.helpers.getBinaryMetadata(id);
			return Number.isFinite(Number(fileSize)) ? Number(fileSize) : undefined;
		} catch {
			return undefined;
		}
	}

	async binaryOf(data: Buffer, fileName: string, mimeType: string): Promise<IBinaryData> {
		return await this.ctx.helpers.prepareBinaryData(data, fileName, mimeType);
	}

	cancelSignal(): AbortSignal | undefined {
		return this.ctx.getExecutionCancelSignal?.();
	}

	/**
	 * A long run's progress: n8n's log (info), and in a manual run the browser's console too.
	 * n8n gives a node no other way to the editor while it runs: `sendMessageToUI` (what the Code
	 * node's console.log uses) sits on the base of every execution context in n8n 1.123.81 and
	 * 2.41.1, the single-item one included, though n8n-workflow's type for that context leaves it
	 * out; n8n sends its message only in manual runs, to the editor, which writes it to the console.
	 */
	progress(message: string): void {
		this.ctx.logger?.info(message);
		const ui = this.ctx as { sendMessageToUI?: (message: string) => void };
		if (typeof ui.sendMessageToUI === 'function') ui.sendMessageToUI(message);
	}

	/** The node as this run sees it, copied once per run (getNode() deep-copies it every call). */
	get node(): INode {
		return (this.run.ofNodeRun(PARAMETERS).node ??= this.ctx.getNode());
	}

	get version(): number {
		return this.node.typeVersion;
	}

	get parameters(): INodeParameters {
		return this.node.parameters;
	}

	/** How many items n8n's engine runs the node with, when the context shows it. */
	rowsInRun(): number | undefined {
		return this.runItems()?.length;
	}

	continueOnFail(): boolean {
		return this.ctx.continueOnFail();
	}

	/**
	 * A parameter's value for this item, with no expression evaluated twice: n8n's engine has
	 * already evaluated every parameter of every item once, and an expression costs 50-250 µs. So:
	 * - a parameter that holds no expression is the same for every item: read once per node run;
	 * - one whose expressions are all `{{ $json.field }}` (what drag and drop and the examples
	 *   write) takes the item's fields directly, when they are plain values;
	 * - anything else is n8n's to evaluate, as getNodeParameter does.
	 */
	param<T = unknown>(name: string, fallback: T): T {
		const raw = this.node.parameters[name] as unknown;
		if (raw !== undefined) {
			const { constant, values } = this.run.ofNodeRun(PARAMETERS);
			let isConstant = constant.get(name);
			if (isConstant === undefined)
				constant.set(name, (isConstant = plainValue(raw, () => ({})) === NO_EXPRESSION));
			if (isConstant) {
				if (!values.has(name))
					values.set(name, deepFreeze(this.ctx.getNodeParameter(name, fallback as never)));
				return values.get(name) as T;
			}
			const direct = plainValue(raw, (): IDataObject => this.row());
			if (direct !== NEEDS_N8N) return direct as T;
		}
		return this.evaluated(name, fallback);
	}

	/**
	 * A parameter as n8n evaluates it, over the row the node reads: a row of a product group
	 * (Group By) is evaluated over its filled row (but the SKU), which stands in for the item's JSON
	 * during that one synchronous call.
	 */
	evaluated<T = unknown>(name: string, fallback: T): T {
		const filled = name !== 'sku' ? this.filled : undefined;
		if (!filled) return this.ctx.getNodeParameter(name, fallback as never) as T;
		const input = this.ctx.getInputData();
		const own = input.json;
		input.json = filled;
		try {
			return this.ctx.getNodeParameter(name, fallback as never) as T;
		} finally {
			input.json = own;
		}
	}

	/** The item's fields: the input row, or the row filled from its product group (fill). */
	row(): IDataObject {
		return this.filled ?? this.inputRow();
	}

	/** Import Options → Group By: the row filled from its group (groups.ts). */
	fill(filled: IDataObject): void {
		this.filled = filled;
	}

	inputRow(): IDataObject {
		return this.ctx.getInputData()?.json ?? {};
	}

	/** Every item of this node run; undefined where the context does not show them. */
	runItems(): INodeExecutionData[] | undefined {
		const executeData = this.ctx.getExecuteData() as
			| { data?: { main?: unknown[][]; ai_tool?: unknown[][] } }
			| undefined;
		const items = (executeData?.data?.main ?? executeData?.data?.ai_tool)?.[0];
		return Array.isArray(items) ? (items as INodeExecutionData[]) : undefined;
	}

	/** The input field a saved parameter reads when it is just `{{ $json.field }}`; else undefined. */
	fieldOf(name: string): string | undefined {
		const raw = this.node.parameters[name];
		const m = typeof raw === 'string' ? FIELD_EXPRESSION.exec(raw) : null;
		return m ? (m[1] ?? m[3]) : undefined;
	}
}

/**
 * An item as a write round keeps it while it waits: its n8n context (which n8n keeps anyway),
 * opaque to the round; the item is made again when its turn comes.
 */
export type ItemHandle = { readonly waitingItem: unique symbol };

export function itemAgain(handle: ItemHandle): PimItem {
	return new PimItem(handle as unknown as IExecuteSingleFunctions);
}

/** The item of n8n's context (the hooks below; tests). */
export function itemOf(ctx: IExecuteSingleFunctions): PimItem {
	return new PimItem(ctx);
}

/** What an operation runs for one item, given the request n8n built for it (runners.ts). */
export type ItemRunner = (
	item: PimItem,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/**
 * The routing's `operations.pagination` hook, called once per item. No async function: n8n
 * starts every item at once, and each waiting item's suspended frame would stay in memory.
 */
export function paginationHook(run: ItemRunner) {
	return function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		return run(itemOf(this), requestData);
	};
}

/** A preSend hook, called once per item with the request options n8n built. */
export function preSendHook(
	prepare: (item: PimItem, options: IHttpRequestOptions) => IHttpRequestOptions,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		return prepare(itemOf(this), options);
	};
}

const NO_EXPRESSION = Symbol('no expression');
const NEEDS_N8N = Symbol('needs n8n');
const FIELD_EXPRESSION =
	/^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(["'])((?:(?!\2)[^\\])*)\2\s*\])\s*\}\}$/;

/**
 * `raw` with every `{{ $json.field }}` replaced by the item's field; NO_EXPRESSION when it holds
 * none at all, NEEDS_N8N when any other expression (or a field that is no plain value) is in it.
 */
function plainValue(raw: unknown, json: () => IDataObject): unknown {
	let found = false;
	let needsN8n = false;
	const walk = (value: unknown): unknown => {
		if (needsN8n) return undefined;
		if (typeof value === 'string') {
			if (!value.startsWith('=')) return value;
			const m = FIELD_EXPRESSION.exec(value);
			const field = m ? json()[m[1] ?? m[3]] : undefined;
			if (!m || (field !== null && typeof field === 'object')) needsN8n = true;
			found = true;
			return field;
		}
		if (Array.isArray(value)) return value.map(walk);
		if (value !== null && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
		return value;
	};
	const resolved = walk(raw);
	return needsN8n ? NEEDS_N8N : found ? resolved : NO_EXPRESSION;
}

/** A value shared by every item of a run: frozen, so no item can change it for the others. */
function deepFreeze<T>(value: T): T {
	if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const v of Object.values(value)) deepFreeze(v);
	}
	return value;
}
