import type { IDataObject } from 'n8n-workflow';

import { fold, text } from '../../../shared/records';

/**
 * Variant rows of a file, as the systems that write a variant below its parent mean them: a row
 * whose parent column names an earlier row takes that row's values (as filled itself) for its
 * empty cells, its own SKU and parent excepted. UnoPim writes `parent` (the parent's SKU: a
 * variant row holds only its own color or size, its name and description are the parent's);
 * Shopware writes `parent_id` (the parent's `id`). Every variant is a product of its own.
 */

/** A system's parent column → the column of the parent row it names (`undefined`: the SKU's). */
const PARENT_COLUMNS: Record<string, string | undefined> = { parent: undefined, parent_id: 'id' };

/** The rows kept as possible parents: the latest ones (a parent comes shortly before its variants). */
const KEPT = 10_000;

const blank = (value: unknown) => text(value).trim() === '';

export class VariantRows {
	private readonly rows = new Map<string, IDataObject>();

	private constructor(
		/** The parent column's header. */
		readonly parent: string,
		/** The column whose value the parent column names. */
		private readonly key: string,
		/** Never filled: the row's own SKU and parent. */
		private readonly own: Set<string>,
	) {}

	/** For a file whose header has a parent column (and the column it names), else undefined. */
	static of(headers: string[], sku: string): VariantRows | undefined {
		for (const header of headers) {
			const name = fold(header);
			if (!(name in PARENT_COLUMNS)) continue;
			const target = PARENT_COLUMNS[name];
			const key = target === undefined ? sku : headers.find((h) => fold(h) === target);
			if (key !== undefined) return new VariantRows(header, key, new Set([sku, header]));
		}
		return undefined;
	}

	/** The row's fields, its empty cells filled from its parent's when an earlier row is it. */
	fill(fields: IDataObject): IDataObject {
		const parent = this.rows.get(text(fields[this.parent]).trim());
		let row = fields;
		if (parent)
			for (const [column, value] of Object.entries(parent))
				if (!this.own.has(column) && blank(row[column]) && !blank(value)) {
					if (row === fields) row = { ...fields };
					row[column] = value;
				}
		const key = text(fields[this.key]).trim();
		if (key !== '') {
			this.rows.set(key, row);
			if (this.rows.size > KEPT) this.rows.delete(this.rows.keys().next().value!);
		}
		return row;
	}
}
