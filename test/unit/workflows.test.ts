/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The workflow files (the examples users import, the e2e fixtures) as n8n takes them: its REST
 * API (the editor's Import, the browser test) refuses a workflow whose name is over 128
 * characters, where its CLI's import:workflow takes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const files = ['examples', path.join('e2e', 'fixtures')].flatMap((dir) =>
	fs
		.readdirSync(path.join(root, dir))
		.filter((f) => f.endsWith('.json'))
		.map((f) => path.join(dir, f)),
);

it('finds the workflow files', () => {
	expect(files.length).toBeGreaterThan(20);
});

it.each(files)('%s: a name n8n takes (1 to 128 characters)', (file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { name?: unknown };
	expect(typeof workflow.name).toBe('string');
	const { length } = workflow.name as string;
	expect(length).toBeGreaterThanOrEqual(1);
	expect(length).toBeLessThanOrEqual(128);
});
