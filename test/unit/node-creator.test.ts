/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * What n8n's node creator shows of the PIM node: its actions are read per resource from the first
 * Operation picker whose `@version` names one of the node's versions as a number (n8n's
 * useActionsGeneration), and a search at the top matches the node's name and its codex aliases.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Pim } from '../../nodes/Pim/Pim.node';

const { description } = new Pim();
const versions = description.version as number[];

/** The node creator's rule: the first picker of the resource that names a node version. */
function actionsOf(resource: string): INodePropertyOptions[] {
	const picker = description.properties.find(
		(p: INodeProperties) =>
			p.name === 'operation' &&
			(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
			((p.displayOptions?.show?.['@version'] as unknown[] | undefined)?.some(
				(v) => typeof v === 'number' && versions.includes(v),
			) ??
				true),
	);
	return (picker?.options ?? []) as INodePropertyOptions[];
}

it("lists Import File among Product's actions, named as a user searches", () => {
	const importFile = actionsOf('product').find((o) => o.value === 'importFile');
	expect(importFile?.action).toBe('Import a catalogue file (CSV or XLSX)');
	for (const word of ['import', 'file', 'csv', 'xlsx'])
		expect(importFile?.action?.toLowerCase()).toContain(word);
});

it('lists every operation of the newest version as an action', () => {
	const newest = versions[versions.length - 1];
	const shown = description.properties.filter(
		(p) =>
			p.name === 'operation' &&
			(p.displayOptions?.show?.['@version'] as Array<number | { _cnd: { gte: number } }>)?.some(
				(v) => (typeof v === 'number' ? v === newest : newest >= v._cnd.gte),
			) !== false,
	);
	const all = shown.flatMap((p) =>
		(p.options as INodePropertyOptions[]).map(
			(o) => `${String(p.displayOptions?.show?.resource)}.${o.value}`,
		),
	);
	const resources = (
		description.properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]
	).map((o) => String(o.value));
	const actions = resources.flatMap((r) => actionsOf(r).map((o) => `${r}.${o.value}`));
	expect(actions.sort()).toEqual(all.sort());
});

it('is found at the top of the node creator by "import", "file", "csv", "xlsx"', () => {
	const codex = JSON.parse(
		fs.readFileSync(path.join(__dirname, '../../nodes/Pim/Pim.node.json'), 'utf8'),
	) as { alias: string[] };
	const words = codex.alias.join(' ').toLowerCase();
	for (const word of ['import', 'file', 'csv', 'xlsx', 'catalogue']) expect(words).toContain(word);
});
