import type { IDataObject } from 'n8n-workflow';

import { fail } from '../../../shared/params';
import { fold, withFields } from '../../../shared/records';
import type { CategoryEntry, ProductBody } from './body';
import type { WritePlan } from './plan';
import { NO_NOTES, type RowWarning } from './report';
import type { ProductRow } from './row';
import type { Group, GroupBody, GroupPlace, GroupRow, ProductWrite, ResolvedWrite } from './stages';
import { wired } from './wire';

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
 * A row joins its group before it is read, in the order of the rows (joinGroup); the group keeps
 * its SKU or images once read (keepInGroup) and its body once resolved (keepBody): a bad row gives
 * no body, and never takes a later row's product write. Once every row of the window is prepared
 * (a run's round, shared/round.ts; a file's window), the group stage (grouped) decides each row.
 */

/** An empty cell of a row (filled from its group). */
const isBlankCell = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The row joins its group (`key`, Group By's value for this row): the write reads its fields, and
 * evaluates its parameters, filled from the group's earlier rows (ProductRow.fill), but for the
 * SKU's column and Shopify's `Variant Image` (a variant's own image, empty when it has none).
 */
export function joinGroup(
	plan: WritePlan,
	source: ProductRow,
	key: string,
	/** The parameters reading other nodes' items (ProductRow.parametersRead). */
	otherNodes: string[],
): GroupPlace {
	const group: Group = plan.groups.get(key) ?? { rows: [], bodies: new Map(), firsts: {} };
	plan.groups.set(key, group);
	const { firsts } = group;
	const own = source.inputRow();
	const skuField = source.skuField();
	const row: IDataObject = { ...own };
	let filled = false;
	for (const [field, value] of Object.entries(firsts))
		if (isBlankCell(row[field])) {
			row[field] = value;
			filled = true;
		}
	// The row's own values of fields no earlier row gave: the group's first for the rows after it.
	for (const [field, value] of Object.entries(own))
		if (
			!(field in firsts) &&
			field !== skuField &&
			fold(field) !== 'variant image' &&
			!isBlankCell(value)
		)
			firsts[field] = value;
	source.fill(row);
	const warnings = filled
		? otherNodes.map(
				(name): RowWarning => ({
					kind: 'groupFill',
					text: `Group By filled this row's empty cells from its group, but the parameter "${name}" reads another node's data, which it cannot fill: that parameter read this row as it is`,
				}),
			)
		: [];
	return { group: key, index: source.index, warnings };
}

/** The group keeps a row once read (in the order of the rows: they join in that order). */
export function keepInGroup(plan: WritePlan, place: GroupPlace, row: GroupRow): void {
	plan.groups.get(place.group)?.rows.push(row);
}

/** The group keeps a product row's body once resolved. */
export function keepBody(plan: WritePlan, place: GroupPlace, body: GroupBody): void {
	plan.groups.get(place.group)?.bodies.set(place.index, body);
}

const unique = <T>(list: T[], id: (v: T) => string = String) => {
	const seen = new Set<string>();
	return list.filter((v) => !seen.has(id(v)) && seen.add(id(v)));
};

/**
 * The body a product row writes, with its group: its own images first (`lead`, Shopify's Variant
 * Image), then every image of the group, and the lists of the group's other rows with its SKU.
 */
function groupBody({ rows, bodies }: Group, { body, lead }: GroupBody): ProductBody {
	const same = rows.flatMap((r) => {
		const other = 'sku' in r && r.sku === body.sku ? bodies.get(r.index) : undefined;
		return other ? [other.body] : [];
	});
	// In the order of the group's rows, as the shop lists its product's images.
	const images = unique([
		...lead,
		...rows.flatMap((r) => ('sku' in r ? (bodies.get(r.index)?.body.images ?? []) : r.images)),
		...(body.images ?? []),
	]);
	const multi = new Map<string, string[]>();
	for (const b of same)
		for (const { code, values } of b.multiSelectAttributes ?? [])
			multi.set(code, unique([...(multi.get(code) ?? []), ...values]));
	const categories = unique<CategoryEntry>(
		same.flatMap((b) => b.categories ?? []),
		(c) => `${c.code}\u0000${c.channel ?? ''}`,
	);
	return withFields(body, {
		images,
		multiSelectAttributes: [...multi].map(([code, values]) => ({ code, values })),
		categories,
	});
}

/**
 * The group stage: a row's write once the rows around it are prepared (`settled`: every row of
 * its window; not with Continue On Fail, where items do not wait for each other). The first
 * product row of a SKU writes with its group's images and lists (groupBody), a later one outputs
 * that it joined it, a row without a SKU where its images went. A product row is, settled, one
 * whose write resolved (a bad row takes no write, no images); unsettled, any whose SKU was read.
 */
export function grouped(
	plan: WritePlan,
	write: ProductWrite,
	settled: boolean,
): { write: ProductWrite } | { output: IDataObject } {
	const place = write.group;
	const group = place && plan.groups.get(place.group);
	if (!place || !group) return { write };
	const { rows, bodies } = group;
	const product = (r: GroupRow): r is { index: number; sku: string } =>
		'sku' in r && (!settled || bodies.has(r.index));
	const own = bodies.get(place.index);
	if (!own) {
		const products = unique(rows.filter(product).map((r) => r.sku));
		const row = rows.find((r) => r.index === place.index);
		const images = row && 'images' in row ? row.images : [];
		// Images with no product to go to are a bad row, never images sent nowhere.
		if (!products.length && images.length) noProductFor(place.group, rows);
		return { output: { operation: 'imagesForGroup', group: place.group, images, products } };
	}
	const sku = own.body.sku;
	const first = rows.find((r) => product(r) && r.sku === sku);
	if (first && first.index !== place.index)
		return { output: { operation: 'joined', sku, into: first.index } };
	const body = groupBody(group, own);
	return {
		write: wired(withFields(write, { body: () => body, group: undefined }), write.multiSelectForm),
	};
}

/** A row without a SKU whose images go to no product: its group has no product row, or bad ones. */
function noProductFor(group: string, rows: GroupRow[]): never {
	if (rows.some((r) => 'sku' in r))
		fail(
			`The row has no SKU and every row of its group "${group}" with one is a bad row: its images go to no product`,
			"Fix its group's rows with a SKU (each is listed with its problem), then import the group's rows again.",
		);
	fail(
		`The row has no SKU and no row of its group "${group}" read with it has one: its images go to no product`,
		"Give one row of the group its product's SKU. Import File reads a group from rows that follow each other, as shops export them: sort the file by the Group By column.",
	);
}

/** A row of a group without its own SKU: it writes nothing (the group stage says what it outputs). */
export function imagesOnly(place: GroupPlace): ResolvedWrite {
	return {
		body: () => {
			throw new Error('A row of a product group without its own SKU writes nothing');
		},
		lists: {},
		notes: NO_NOTES,
		warnings: [],
		languages: [],
		group: place,
	};
}
