/**
 * A long Import File or Export File says where it is every 10 seconds (#72): in n8n's log and, in
 * a manual run, in the editor's console (n8n's sendMessageToUI, captured here as n8n's push would
 * carry it). The PIM is slowed so that each run lasts past one interval. Over HTTP against the
 * sandbox, in n8n-core's WorkflowExecute in manual mode.
 */
import { consoleMessages, runPim } from '../../harness/in-process';
import { fileItem, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ accounts: [{ domain: 'slow', token: 'slow-token', products: 60 }] });

beforeEach(() => {
	env.sb.reset();
	consoleMessages.length = 0;
});

/** The progress lines the editor's console received, with the node that sent each. */
const said = (prefix: string) =>
	consoleMessages
		.filter((m) => String(m.messages[0]).startsWith(prefix))
		.map((m) => ({ source: m.source, line: String(m.messages[0]) }));

it('Import File: rows read, the part of the file and the time left, in the console of a manual run', async () => {
	// 400 new rows, each create answered after 150 ms: some 12 s of writes, 5 at a time.
	env.sb.setFaults({ pathPattern: '^POST /api/integration/product$', latencyMs: 150 });
	const rows = Array.from({ length: 400 }, (_, i) => `SLOW-${i},Slow ${i}`);
	const { items, error } = await runPim(env.creds('slow'), productWrite('importFile'), {
		version: 2,
		input: [fileItem(Buffer.from(['SKU,Name', ...rows].join('\n')))],
	});
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ created: 400, failed: 0 });
	const lines = said('PIM Import File:');
	expect(lines.length).toBeGreaterThanOrEqual(1);
	expect(lines[0].source).toBe('[Node: "PIM"]');
	expect(lines[0].line).toMatch(
		/^PIM Import File: \d+ rows read \((\d+ % of the file, about \d+ s left|the whole file)\), \d+ created/,
	);
});

it('Export File: products read of the total and the time left, in the console of a manual run', async () => {
	// 12 pages of 5, each answered after 4 s (a few are read at once): some 16 s.
	env.sb.setFaults({ pathPattern: '^GET /api/integration/product$', latencyMs: 4000 });
	const { items, error } = await runPim(
		env.creds('slow'),
		{ resource: 'product', operation: 'exportFile', exportOptions: { pageSize: 5 } },
		{ version: 2 },
	);
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ products: 60 });
	const lines = said('PIM Export File:');
	expect(lines.length).toBeGreaterThanOrEqual(1);
	expect(lines[0].line).toMatch(
		/^PIM Export File: \d+ of 60 products read, \d+ written, about \d+ s left$/,
	);
});
