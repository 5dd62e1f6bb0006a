'use strict';
/**
 * n8n's own HTTP Request node (n8n-nodes-base, HttpRequest V4.x from the n8n install in .cache),
 * executed in-process by the same n8n-core WorkflowExecute as the PIM node's harness.
 *
 * The cached n8n 1.123.81 ships n8n-core 1.122.48 and n8n-workflow 1.120.31, the versions this repo
 * tests with; so that there is one engine and one n8n-workflow (its error classes are checked with
 * instanceof), `require('n8n-workflow' | 'n8n-core')` from the cached n8n-nodes-base is resolved to
 * this repo's copies after checking that the versions match. Everything else the HTTP Request node
 * needs comes from the cached install.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { loadInProcess, ROOT } = require('../lib/in-process');

const SHARED = ['n8n-workflow', 'n8n-core'];
const HTTP_TYPE = 'n8n-nodes-base.httpRequest';
const SPLIT_TYPE = 'n8n-nodes-base.splitOut';
const INPUT_TYPE = 'bench.input';
const { domain: DOMAIN, token: TOKEN } = require('../../harness/sandbox').DEMO_ACCOUNT;

let loaded;

function version(dir) {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

function load(n8nDir) {
	if (loaded) return loaded;
	const h = loadInProcess();
	const cacheModules = path.join(n8nDir, 'node_modules');
	const versions = {};
	for (const name of SHARED) {
		const ours = version(path.join(ROOT, 'node_modules', name));
		const theirs = version(path.join(cacheModules, name));
		if (ours !== theirs)
			throw new Error(
				`${name}: repo has ${ours}, n8n in ${n8nDir} has ${theirs}; cannot share one engine`,
			);
		versions[name] = ours;
	}
	const original = Module._resolveFilename;
	Module._resolveFilename = function (request, parent, ...rest) {
		const shared = SHARED.find((name) => request === name || request.startsWith(`${name}/`));
		if (shared && parent && parent.filename && parent.filename.startsWith(cacheModules)) {
			return original.call(this, request, module, ...rest);
		}
		return original.call(this, request, parent, ...rest);
	};
	const base = path.join(cacheModules, 'n8n-nodes-base');
	const { HttpRequest } = require(
		path.join(base, 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
	);
	const { SplitOut } = require(
		path.join(base, 'dist', 'nodes', 'Transform', 'SplitOut', 'SplitOut.node.js'),
	);
	const httpRequest = new HttpRequest();
	const { n8nCore, n8nWorkflow } = {
		n8nCore: require('n8n-core'),
		n8nWorkflow: require('n8n-workflow'),
	};

	// The in-process harness's input node (its `items` parameter, JSON), under the bench's type.
	const { inputNode } = h;
	const types = { [HTTP_TYPE]: httpRequest, [SPLIT_TYPE]: new SplitOut(), [INPUT_TYPE]: inputNode };
	const pick = (type, v) => {
		const t = types[type];
		return t && typeof t.getNodeType === 'function' ? t.getNodeType(v) : t;
	};
	const nodeTypes = {
		getByName: (type) => pick(type),
		getByNameAndVersion: (type, v) => pick(type, v),
		getKnownTypes: () => ({}),
	};
	loaded = {
		h,
		n8nCore,
		n8nWorkflow,
		nodeTypes,
		engine: {
			'n8n-nodes-base': version(base),
			httpRequestVersion: httpRequest.description.defaultVersion,
			...versions,
		},
	};
	return loaded;
}

/** The HTTP Request node's built-in pagination for this API, as a user would set it up. */
function paginationParameters(limitPages) {
	return {
		pagination: {
			paginationMode: 'updateAParameterInEachRequest',
			parameters: {
				parameters: [
					{ type: 'qs', name: 'pagination[currentPage]', value: '={{ $pageCount + 1 }}' },
				],
			},
			paginationCompleteWhen: 'other',
			completeExpression:
				'={{ $response.body.data.record.length === 0 || $response.body.data.currentPage * $response.body.data.pageLimit >= $response.body.data.recordsTotal }}',
			...(limitPages ? { limitPagesFetched: true, maxRequests: limitPages } : {}),
		},
	};
}

/**
 * Runs Input -> HTTP Request (-> Split Out) and returns the last node's output items.
 * @param {{ n8n: { dir: string } }} spec
 * @param {{ method, url, qs?, form?: Array<[string,string]>, pagination?, splitOut?, input?, continueOnFail? }} req
 */
async function runHttpWorkflow(spec, req) {
	if (!spec.n8n || !spec.n8n.dir)
		throw new Error('the HTTP Request node needs the cached n8n install (spec.n8n.dir)');
	const { h, n8nCore, n8nWorkflow, nodeTypes, engine } = load(spec.n8n.dir);
	const parameters = {
		method: req.method,
		url: req.url,
		authentication: 'none',
		sendHeaders: true,
		specifyHeaders: 'keypair',
		headerParameters: {
			parameters: [
				{ name: 'token', value: TOKEN },
				{ name: 'x-domain', value: DOMAIN },
			],
		},
		options: {},
	};
	if (req.qs) {
		parameters.sendQuery = true;
		parameters.specifyQuery = 'keypair';
		parameters.queryParameters = {
			parameters: Object.entries(req.qs).map(([name, value]) => ({ name, value })),
		};
	}
	if (req.form) {
		parameters.sendBody = true;
		parameters.contentType = 'form-urlencoded';
		parameters.specifyBody = 'keypair';
		parameters.bodyParameters = { parameters: req.form.map(([name, value]) => ({ name, value })) };
	}
	if (req.pagination) parameters.options.pagination = req.pagination;

	const nodes = [
		{
			id: 'input',
			name: 'Input',
			type: INPUT_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(req.input ?? [{}]) },
		},
		{
			id: 'http',
			name: 'HTTP Request',
			type: HTTP_TYPE,
			typeVersion: engine.httpRequestVersion,
			position: [200, 0],
			parameters,
			...(req.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		},
	];
	const main = n8nWorkflow.NodeConnectionTypes.Main;
	const connections = { Input: { main: [[{ node: 'HTTP Request', type: main, index: 0 }]] } };
	if (req.splitOut) {
		nodes.push({
			id: 'split',
			name: 'Split Out',
			type: SPLIT_TYPE,
			typeVersion: 1,
			position: [400, 0],
			parameters: { fieldToSplitOut: req.splitOut, include: 'noOtherFields', options: {} },
		});
		connections['HTTP Request'] = { main: [[{ node: 'Split Out', type: main, index: 0 }]] };
	}
	const last = nodes[nodes.length - 1].name;
	const workflow = new n8nWorkflow.Workflow({
		id: 'wf-bench',
		name: 'bench',
		nodes,
		connections,
		active: false,
		nodeTypes,
		settings: {},
	});
	const data = h.additionalData({ baseUrl: req.url, token: TOKEN, domain: DOMAIN });
	const workflowData = {
		id: 'wf-bench',
		name: 'bench',
		active: false,
		nodes,
		connections,
		settings: {},
		isArchived: false,
	};
	data.hooks = new n8nCore.ExecutionLifecycleHooks('manual', 'exec-bench', workflowData);
	const run = await new n8nCore.WorkflowExecute(data, 'manual').run(
		workflow,
		workflow.getNode('Input'),
	);
	const task = run.data.resultData.runData[last]?.[0];
	const items = task?.data?.main?.[0] ?? [];
	const error = task?.error ?? run.data.resultData.error;
	return { items, error, engine };
}

/** Loads the engine and the HTTP Request node up front (so that it is not part of the timed run). */
function prepareHttp(spec) {
	if (!spec.n8n || !spec.n8n.dir)
		throw new Error('the HTTP Request node needs the cached n8n install (spec.n8n.dir)');
	return load(spec.n8n.dir).engine;
}

module.exports = { runHttpWorkflow, paginationParameters, prepareHttp };
