/**
 * Runs the built node the way n8n does: a real Workflow executed by n8n-core's WorkflowExecute
 * (so RoutingNode, parameter resolution, credentials and Continue On Fail are n8n's own), and
 * dropdown methods through n8n-core's LoadOptionsContext.
 */
import {
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeConnectionTypes, Workflow } from 'n8n-workflow';

// The built package, as n8n loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Pim } = require('../dist/nodes/Pim/Pim.node.js') as { Pim: new () => INodeType };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PimTrigger } = require('../dist/nodes/PimTrigger/PimTrigger.node.js') as {
	PimTrigger: new () => INodeType;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PimApi } = require('../dist/credentials/PimApi.credentials.js') as {
	PimApi: new () => {
		authenticate: (
			c: ICredentialDataDecryptedObject,
			r: IHttpRequestOptions,
		) => Promise<IHttpRequestOptions>;
	};
};

export const PIM_TYPE = 'n8n-nodes-pim.pim';
export const TRIGGER_TYPE = 'n8n-nodes-pim.pimTrigger';
const INPUT_TYPE = 'test.input';

/** A node that emits the items given in its `items` parameter: the workflow's input. */
export const inputNode = {
	description: {
		displayName: 'Input',
		name: 'input',
		group: ['input'],
		version: 1,
		description: 'Test input',
		defaults: { name: 'Input' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json' as const, default: '[]' }],
	},
	async execute(this: IExecuteFunctions) {
		const items = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		// An item's `$binary` is its binary data (n8n's in-memory form: base64 in `data`).
		return [
			items.map(({ $binary, ...json }) =>
				$binary ? { json, binary: $binary as INodeExecutionData['binary'] } : { json },
			),
		];
	},
};

const BATCHES_TYPE = 'test.batches';

/**
 * Loop Over Items as n8n's own node runs it (outputs: done, loop): the first run keeps its input
 * and emits the first batch on "loop"; each later run (the looped-back output of the node it
 * feeds) emits the next batch, and, when none is left, everything it got back on "done".
 */
const batchesNode = {
	description: {
		displayName: 'Batches',
		name: 'batches',
		group: ['transform'],
		version: 1,
		description: 'Test loop over items',
		defaults: { name: 'Batches' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Batch Size', name: 'batchSize', type: 'number' as const, default: 10 },
		],
	},
	async execute(this: IExecuteFunctions) {
		const state = this.getContext('node') as {
			left?: INodeExecutionData[];
			back?: INodeExecutionData[];
		};
		const input = this.getInputData();
		if (state.left === undefined) {
			state.left = input.map(({ json }) => ({ json }));
			state.back = [];
		} else state.back!.push(...input.map(({ json }) => ({ json })));
		const batch = state.left.splice(0, this.getNodeParameter('batchSize', 0) as number);
		return batch.length ? [[], batch] : [state.back!, []];
	},
};

const nodeTypeMap: Record<string, INodeType> = {
	[PIM_TYPE]: new Pim(),
	[TRIGGER_TYPE]: new PimTrigger(),
	[INPUT_TYPE]: inputNode as unknown as INodeType,
	[BATCHES_TYPE]: batchesNode as unknown as INodeType,
};

const nodeTypes: INodeTypes = {
	getByName: (type: string) => nodeTypeMap[type],
	getByNameAndVersion: (type: string) => nodeTypeMap[type],
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export interface PimCredentials {
	baseUrl: string;
	domain?: string;
	token: string;
	allowHttp?: boolean;
	multiSelectForm?: 'suffix' | 'plain';
}

/** How often n8n was asked for the decrypted credential (in n8n: a database read and a decryption each). */
export const credentialReads = { count: 0 };

class CredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: PimCredentials) {
		super();
	}
	getParentTypes() {
		return [];
	}
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_type: string,
		options: IHttpRequestOptions,
	) {
		return await new PimApi().authenticate(credentials, options);
	}
	async preAuthentication() {
		return undefined;
	}
	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}
	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		credentialReads.count++;
		return { ...this.data } as unknown as ICredentialDataDecryptedObject;
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	getCredentialsProperties() {
		return [];
	}
}

/**
 * What a manual run sent to the editor's console (n8n's `sendConsoleMessage` push: a node's
 * sendMessageToUI), in the order sent; a test empties it when it starts.
 */
export const consoleMessages: Array<{ source: string; messages: unknown[] }> = [];

function additionalData(credentials: PimCredentials): IWorkflowExecuteAdditionalData {
	return {
		sendDataToUI: (type: string, data: { source: string; messages: unknown[] }) => {
			if (type === 'sendConsoleMessage') consoleMessages.push(data);
		},
		credentialsHelper: new CredentialsHelper(credentials),
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: async () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

const credentialRef = { pimApi: { id: '1', name: 'PIM account' } };

export function pimNode(parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: 'pim-node',
		name: 'PIM',
		type: PIM_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: credentialRef,
		...extra,
	};
}

export interface RunResult {
	/** Output items of the PIM node (errors included, as n8n emits them with Continue On Fail). */
	items: INodeExecutionData[];
	/** The items of its error output (On Error → "Continue (using error output)"). */
	errorItems: INodeExecutionData[];
	/** The error that stopped the node, when it did. */
	error?: {
		message: string;
		description?: string | null;
		httpCode?: string | null;
		context?: IDataObject;
	};
	run: IRun;
}

interface RunOptions {
	input?: IDataObject[];
	/** On Error → "Continue (using regular output)". */
	continueOnFail?: boolean;
	/** Or either Continue setting, by its n8n name. */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	version?: number;
}

/** Executes Input -> PIM in n8n-core and returns the PIM node's output. */
export async function runPim(
	credentials: PimCredentials,
	parameters: INodeParameters,
	options: RunOptions = {},
): Promise<RunResult> {
	const run = await execute(credentials, parameters, options);
	const taskData = run.data.resultData.runData.PIM?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const errorItems = taskData?.data?.main?.[1] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return { items, errorItems, error, run };
}

/**
 * Executes Input -> Loop Over Items -> PIM (looped back), one execution: the PIM node runs once
 * per batch. Returns the PIM node's output of each run.
 */
export async function runPimInBatches(
	credentials: PimCredentials,
	parameters: INodeParameters,
	options: RunOptions & { batchSize: number },
): Promise<{ runs: INodeExecutionData[][]; error?: RunResult['error']; run: IRun }> {
	const run = await execute(credentials, parameters, options, options.batchSize);
	const runs = (run.data.resultData.runData.PIM ?? []).map((t) => t.data?.main?.[0] ?? []);
	return { runs, error: run.data.resultData.error as RunResult['error'], run };
}

async function execute(
	credentials: PimCredentials,
	parameters: INodeParameters,
	options: RunOptions,
	batchSize?: number,
): Promise<IRun> {
	const input: INode = {
		id: 'input-node',
		name: 'Input',
		type: INPUT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(options.input ?? [{}]) },
	};
	const pim = pimNode(parameters, {
		...(options.onError || options.continueOnFail
			? { onError: options.onError ?? ('continueRegularOutput' as const) }
			: {}),
		...(options.version ? { typeVersion: options.version } : {}),
	});
	const to = (node: string) => [{ node, type: NodeConnectionTypes.Main, index: 0 }];
	const batches: INode = {
		id: 'batches-node',
		name: 'Batches',
		type: BATCHES_TYPE,
		typeVersion: 1,
		position: [100, 0],
		parameters: { batchSize: batchSize ?? 0 },
	};
	const looped = batchSize !== undefined;
	const nodes = looped ? [input, batches, pim] : [input, pim];
	const connections: IConnections = looped
		? {
				Input: { main: [to('Batches')] },
				Batches: { main: [[], to('PIM')] },
				PIM: { main: [to('Batches')] },
			}
		: { Input: { main: [to('PIM')] } };
	// n8n's execution order of today runs a loop; a plain run keeps the defaults it always had.
	const settings = looped ? { executionOrder: 'v1' as const } : {};
	const workflowData = {
		id: 'wf1',
		name: 'test',
		active: false,
		nodes,
		connections,
		settings,
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	};
	const workflow = new Workflow({
		id: 'wf1',
		name: 'test',
		nodes,
		connections,
		active: false,
		nodeTypes,
		settings,
	});
	const data = additionalData(credentials);
	data.hooks = new ExecutionLifecycleHooks('manual', 'exec-1', workflowData as never);
	return await new WorkflowExecute(data, 'manual').run(workflow, workflow.getNode('Input')!);
}

function loadOptionsContext(credentials: PimCredentials, parameters: INodeParameters, version = 1) {
	const node = pimNode(parameters, { typeVersion: version });
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	// The editor sends the node's current parameters with each dropdown request.
	const data = {
		...additionalData(credentials),
		currentNodeParameters: parameters,
	} as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(
		workflow,
		node,
		data,
		`parameters.${Object.keys(parameters)[0] ?? 'x'}`,
	);
}

/** Runs a loadOptions method as the editor's dropdown does. */
export async function loadOptions(
	credentials: PimCredentials,
	method: string,
	parameters: INodeParameters = { resource: 'product', operation: 'create' },
): Promise<INodePropertyOptions[]> {
	const fn = (nodeTypeMap[PIM_TYPE] as INodeType).methods!.loadOptions![method];
	return await fn.call(loadOptionsContext(credentials, parameters));
}

/** Runs a resourceMapping method as the editor's resource mapper does (version 2 node). */
export async function resourceMapping(
	credentials: PimCredentials,
	method: string,
	parameters: INodeParameters = { resource: 'product', operation: 'create' },
): Promise<ResourceMapperFields> {
	const fn = (nodeTypeMap[PIM_TYPE] as INodeType).methods!.resourceMapping![method];
	return await fn.call(loadOptionsContext(credentials, parameters, 2));
}

/** Runs a listSearch method as the editor's resource locator does. */
export async function listSearch(
	credentials: PimCredentials,
	method: string,
	filter?: string,
	paginationToken?: string,
	parameters: INodeParameters = { resource: 'product', operation: 'get' },
): Promise<INodeListSearchResult> {
	const fn = (nodeTypeMap[PIM_TYPE] as INodeType).methods!.listSearch![method];
	return await fn.call(loadOptionsContext(credentials, parameters), filter, paginationToken);
}

export { nodeTypes, additionalData, credentialRef };
export type { IVersionedNodeType };

/** A PIM Trigger in a workflow whose static data persists across polls, polled as n8n does. */
/**
 * The trigger as n8n polls it. `staticData`: the workflow's static data as n8n loads it from its
 * database, e.g. when it starts again (default: none, a workflow never activated).
 */
export function pimTriggerPoller(
	credentials: PimCredentials,
	parameters: INodeParameters,
	staticData: IDataObject = {},
) {
	const node: INode = {
		id: 'trigger-node',
		name: 'PIM Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: credentialRef,
	};
	const workflow = new Workflow({
		id: 'wf-trigger',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData,
	});
	const data = additionalData(credentials);
	return {
		workflow,
		async poll(mode: 'trigger' | 'manual' = 'trigger') {
			const context = new PollContext(
				workflow,
				node,
				data,
				mode,
				mode === 'manual' ? 'manual' : 'activate',
			);
			return await nodeTypeMap[TRIGGER_TYPE].poll!.call(context);
		},
	};
}
