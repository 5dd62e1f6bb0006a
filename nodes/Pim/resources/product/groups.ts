import type { IDataObject } from 'n8n-workflow';

import type { ProductRow } from './row';
import { fold } from '../../shared/records';
import type { PimRun } from '../../shared/run';
import type { CategoryEntry, ProductBody } from './body';

/**
 * Import Options → Group By (version 2): rows with the same non-empty value are one product group,
 * as Shopify writes a product over several rows that share its Handle.
 *
 * - A row's empty cells take the value of the first earlier row of its group that has one (the
 *   SKU's own column excepted: a row's SKU is its own).
 * - Every row with its own SKU is a product; it gets the images of every row of its group.
 * - A row without its own SKU writes nothing: its images go to the group's products.
 * - Rows of a group with the same SKU are one write, by the first of them, with their images,
 *   multi-select values and categories joined.
 *
 * Rows join in the order n8n starts them (item order), when their preparation starts and before
 * it awaits anything; the group is read when the rows write, after every item of the run's round
 * is prepared (shared/round.ts). With Continue On Fail items do not wait for each other, so a
 * product may be written before a later row of its group was read.
 */

export interface Member {
	/** The group: Group By's value for the row. */
	group: string;
	index: number;
	row: IDataObject;
	sku?: string;
	/** The member's body, once prepared (rows with their own SKU). */
	body?: ProductBody;
	/** Images of a row without its own SKU. */
	images?: string[];
	/** What the row's output says of its filling (a parameter Group By cannot fill). */
	warnings: string[];
}

type Groups = Map<string, Member[]>;

/** An empty cell of a row (filled from its group). */
const isBlankCell = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The item joins its group (`key`, Group By's value for this row): its row, filled from the
 * group's earlier rows, becomes the row the node reads and evaluates its parameters over
 * (PimItem.row and PimItem.evaluated, item.ts). The SKU's column and Shopify's `Variant Image`
 * (a variant's own image: empty when it has none) are the row's own. Returns the member.
 */
export function joinGroup(item: ProductRow, key: string): Member {
	const groups = item.run.ofNodeRun<Groups>('productGroups', () => new Map());
	const members = groups.get(key) ?? [];
	groups.set(key, members);
	const own = item.inputRow();
	const skuField = item.fieldOf('sku');
	const row: IDataObject = { ...own };
	let filled = false;
	for (const earlier of members)
		for (const [field, value] of Object.entries(earlier.row))
			if (
				field !== skuField &&
				fold(field) !== 'variant image' &&
				isBlankCell(row[field]) &&
				!isBlankCell(value)
			) {
				row[field] = value;
				filled = true;
			}
	item.filledRows().set(item.index, row);
	const otherNodes = item.run.ofNodeRun('readsOtherNodes', () => readingOtherNodes(item));
	const warnings = filled
		? otherNodes.map(
				(name) =>
					`Group By filled this row's empty cells from its group, but the parameter "${name}" reads another node's data, which it cannot fill: that parameter read this row as it is`,
			)
		: [];
	const member: Member = { group: key, index: item.index, row, warnings };
	members.push(member);
	return member;
}

/** Reads of other nodes' items in an expression: `$('Node')`, `$node[…]`, `$items(…)`, `$input.all()`. */
const OTHER_NODE = /\$\(|\$node\b|\$items\b|\$input\.(?:all|first|last)\b/;

/** The parameters (but SKU and Group By) whose expressions read other nodes' items. */
function readingOtherNodes(item: ProductRow): string[] {
	const reads = (value: unknown): boolean =>
		typeof value === 'string'
			? value.startsWith('=') && OTHER_NODE.test(value)
			: !!value && typeof value === 'object' && Object.values(value).some(reads);
	return Object.entries(item.parameters)
		.filter(([name, value]) => name !== 'sku' && name !== 'importOptions' && reads(value))
		.map(([name]) => name);
}

function membersOf(run: PimRun, key: string): Member[] {
	return run.ofNodeRun<Groups>('productGroups', () => new Map()).get(key) ?? [];
}

const unique = <T>(list: T[], id: (v: T) => string = String) => {
	const seen = new Set<string>();
	return list.filter((v) => !seen.has(id(v)) && seen.add(id(v)));
};

/**
 * The body a product row writes, with its group: its own images first (`lead`, Shopify's Variant
 * Image), then every image of the group, and the lists of the group's other rows with its SKU.
 * Read when the row writes.
 */
export function groupBody(
	run: PimRun,
	member: Member,
	body: ProductBody,
	lead: string[] = [],
): ProductBody {
	const members = membersOf(run, member.group);
	const same = members.filter((m) => m.body && m.sku === body.sku).map((m) => m.body!);
	// In the order of the group's rows, as the shop lists its product's images.
	const images = unique([
		...lead,
		...members.flatMap((m) => m.body?.images ?? m.images ?? []),
		...(body.images ?? []),
	]);
	const multi = new Map<string, string[]>();
	for (const b of [body, ...same])
		for (const { code, values } of b.multiSelectAttributes ?? [])
			multi.set(code, unique([...(multi.get(code) ?? []), ...values]));
	const categories = unique<CategoryEntry>(
		[body, ...same].flatMap((b) => b.categories ?? []),
		(c) => `${c.code}\u0000${c.channel ?? ''}`,
	);
	return {
		...body,
		images,
		multiSelectAttributes: [...multi].map(([code, values]) => ({ code, values })),
		categories,
	};
}

/**
 * What a row of a group outputs instead of writing, when another row writes its product: the
 * first row with its SKU writes it; a row without a SKU gave its images to the group's products.
 */
export function notWritten(run: PimRun, member: Member): IDataObject | undefined {
	const members = membersOf(run, member.group);
	if (member.sku === undefined)
		return {
			operation: 'imagesForGroup',
			group: member.group,
			images: member.images ?? [],
			products: unique(members.flatMap((m) => (m.sku ? [m.sku] : []))),
		};
	const first = members.find((m) => m.sku === member.sku);
	if (first && first.index !== member.index)
		return { operation: 'joined', sku: member.sku, into: first.index };
	return undefined;
}
