'use strict';
/**
 * Event-driven workflows, as a shop or ERP calling n8n on every change runs them: a webhook
 * answering when the last node is done, one product update per event, and the PIM Trigger. Shared by the webhook
 * burst (e2e/scale.js), the queue-mode test (e2e/queue.js) and bench scenario 7
 * (bench/event-burst.js); the trigger by the queue-mode and restart tests.
 */

const { attributes, productWrite } = require('./product-write');

/**
 * An n8n Webhook node for POST `path` that answers with the last node's output (or at once, with
 * `responseMode: 'onReceived'`).
 */
function webhookNode(id, path, webhookId, responseMode = 'lastNode') {
	return {
		id,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		parameters: { httpMethod: 'POST', path, responseMode, options: {} },
	};
}

/** The PIM node (v1) updating the name of the event's `{ sku, name }`. */
function updateFromEventNode(id, credential) {
	return {
		id,
		name: 'Update product',
		type: 'n8n-nodes-pim.pim',
		typeVersion: 1,
		position: [240, 0],
		parameters: productWrite('update', {
			sku: '={{ $json.body.sku }}',
			attributes: attributes({ name: '={{ $json.body.name }}' }),
		}),
		credentials: { pimApi: credential },
	};
}

/** Webhook → `update` (by default the PIM node above): one product update per event. */
function updateOnEventWorkflow({ id, name, path, webhookId, credential, update, responseMode }) {
	return {
		id,
		name,
		active: false,
		nodes: [
			webhookNode(`${id}-webhook`, path, webhookId, responseMode),
			update ?? updateFromEventNode(`${id}-update`, credential),
		],
		connections: { Webhook: { main: [[{ node: 'Update product', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
	};
}

/** A PIM Trigger polling every minute for changed products (n8n's shortest schedule). */
function pimTriggerNode({ id, name = 'PIM Trigger', credential, filters = {} }) {
	return {
		id,
		name,
		type: 'n8n-nodes-pim.pimTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'productChanged',
			filters,
			options: {},
		},
		credentials: { pimApi: credential },
	};
}

/** Waits until n8n serves the POST webhook (a GET then names the POST). */
async function webhookReady(url, timeoutMs = 30000) {
	for (const start = Date.now(); ; ) {
		const r = await fetch(url);
		const text = await r.text();
		if (/POST/.test(text)) return;
		if (Date.now() - start >= timeoutMs)
			throw new Error(
				`webhook ${url} not registered within ${timeoutMs / 1000} s: ${r.status} ${text.slice(0, 200)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

module.exports = {
	webhookNode,
	updateFromEventNode,
	updateOnEventWorkflow,
	pimTriggerNode,
	webhookReady,
};
