import type { IDataObject } from 'n8n-workflow';

import { fail } from '../../../shared/params';
import { fold, withFields } from '../../../shared/records';
import type { CategoryEntry, ProductBody } from './body';
import type { WritePlan } from './plan';
import type { RowWarning } from './report';
import type { ProductRow } from './row';
import type { Member, ResolvedWrite } from './stages';

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
 * Grouping is the step before a row's write (write.ts): a row joins its group, in the order n8n
 * starts the rows (item order) and before anything is awaited; the pipeline then reads the filled
 * row. The group is read when the rows write, after every item of the run's round is prepared
 * (shared/round.ts). With Continue On Fail items do not wait for each other, so a product may be
 * written before a later row of its group was read.
 */

/** An empty cell of a row (filled from its group). */
const isBlankCell = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The row joins its group (`key`, Group By's value for this row): its fields, filled from the
 * group's earlier rows, become the fields the write reads and evaluates its parameters over
 * (ProductRow.fill). The SKU's column and Shopify's `Variant Image` (a variant's own image: empty
 * when it has none) are the row's own. Returns the member.
 */
export function joinGroup(
	plan: WritePlan,
	source: ProductRow,
	key: string,
	/** The parameters reading other nodes' items (ProductRow.parametersRead). */
	otherNodes: string[],
): Member {
	const group = plan.groups.get(key) ?? { members: [], firsts: {} };
	plan.groups.set(key, group);
	const { members, firsts } = group;
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
	const member: Member = { group: key, index: source.index, row, warnings };
	members.push(member);
	return member;
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
function groupBody(
	plan: WritePlan,
	member: Member,
	body: ProductBody,
	lead: string[] = [],
): ProductBody {
	const members = plan.groups.get(member.group)?.members ?? [];
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
	return withFields(body, {
		images,
		multiSelectAttributes: [...multi].map(([code, values]) => ({ code, values })),
		categories,
	});
}

/**
 * What a row of a group outputs instead of writing, when another row writes its product: the
 * first row with its SKU writes it; a row without a SKU gave its images to the group's products.
 */
function notWritten(plan: WritePlan, member: Member): IDataObject | undefined {
	const members = plan.groups.get(member.group)?.members ?? [];
	if (member.sku === undefined) {
		const products = unique(members.flatMap((m) => (m.sku ? [m.sku] : [])));
		// Images with no product to go to are a bad row, never images sent nowhere.
		if (!products.length && member.images?.length)
			fail(
				`The row has no SKU and no row of its group "${member.group}" read with it has one: its images go to no product`,
				"Give one row of the group its product's SKU. Import File reads a group from rows that follow each other, as shops export them: sort the file by the Group By column.",
			);
		return {
			operation: 'imagesForGroup',
			group: member.group,
			images: member.images ?? [],
			products,
		};
	}
	const first = members.find((m) => m.sku === member.sku);
	if (first && first.index !== member.index)
		return { operation: 'joined', sku: member.sku, into: first.index };
	return undefined;
}

/**
 * A product row of a group, as it writes: its body read with its group's when it writes (its
 * members share their rows' images, not their variants' own), or what it outputs instead.
 */
export function groupWrite(
	plan: WritePlan,
	member: Member,
	body: ProductBody,
	lead: string[],
): { body: () => ProductBody; instead: () => IDataObject | undefined } {
	member.body = body;
	let joined: ProductBody | undefined;
	return {
		body: () => (joined ??= groupBody(plan, member, body, lead)),
		instead: () => notWritten(plan, member),
	};
}

/** A row of a group without its own SKU: it writes nothing and says what became of its images. */
export function imagesOnly(plan: WritePlan, member: Member): ResolvedWrite {
	return {
		body: () => {
			throw new Error('A row of a product group without its own SKU writes nothing');
		},
		lists: {},
		notes: () => ({}),
		warnings: [],
		notesOfRun: false,
		languages: [],
		instead: () => notWritten(plan, member),
	};
}
