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
const { Pim } = require('../../dist/nodes/Pim/Pim.node.js') as { Pim: new () => INodeType };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PimTrigger } = require('../../dist/nodes/PimTrigger/PimTrigger.node.js') as {
	PimTrigger: new () => INodeType;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PimApi } = require('../../dist/credentials/PimApi.credentials.js') as {
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
const inputNode = {
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
		return [items.map((json) => ({ json }))];
	},
};

const nodeTypeMap: Record<string, INodeType> = {
	[PIM_TYPE]: new Pim(),
	[TRIGGER_TYPE]: new PimTrigger(),
	[INPUT_TYPE]: inputNode as unknown as INodeType,
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

function additionalData(credentials: PimCredentials): IWorkflowExecuteAdditionalData {
	return {
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
	/** The error that stopped the node, when it did. */
	error?: {
		message: string;
		description?: string | null;
		httpCode?: string | null;
		context?: IDataObject;
	};
	run: IRun;
}

/** Executes Input -> PIM in n8n-core and returns the PIM node's output. */
export async function runPim(
	credentials: PimCredentials,
	parameters: INodeParameters,
	options: { input?: IDataObject[]; continueOnFail?: boolean; version?: number } = {},
): Promise<RunResult> {
	const input: INode = {
		id: 'input-node',
		name: 'Input',
		type: INPUT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(options.input ?? [{}]) },
	};
	const pim = pimNode(parameters, {
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.version ? { typeVersion: options.version } : {}),
	});
	const workflowData = {
		id: 'wf1',
		name: 'test',
		active: false,
		nodes: [input, pim],
		connections: { Input: { main: [[{ node: 'PIM', type: NodeConnectionTypes.Main, index: 0 }]] } },
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	};
	const workflow = new Workflow({
		id: 'wf1',
		name: 'test',
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		nodeTypes,
		settings: {},
	});
	const data = additionalData(credentials);
	data.hooks = new ExecutionLifecycleHooks('manual', 'exec-1', workflowData as never);
	const run = await new WorkflowExecute(data, 'manual').run(workflow, workflow.getNode('Input')!);
	const taskData = run.data.resultData.runData.PIM?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return { items, error, run };
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
