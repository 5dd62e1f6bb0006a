import type { IDataObject } from 'n8n-workflow';

import { text } from '../../../../shared/records';
import { SkuTable } from '../../account/skuTable';
import { COLUMNS_LABEL, startOf, type FileColumn } from '../cells';
import type { Broken, Channel } from './channel';

/**
 * A channel's rules checked on each product's cells before the channel sees the file: a required
 * value, a length, the channel's words, the rules over several cells (channel.check) and the id
 * written once. A product that breaks any is invalid: left out (Invalid Products → Skip) or
 * written as it is (Keep), and named either way, counted under every rule it broke. A value the
 * channel itself cuts (Google's description) is cut the same way, and warned of.
 */

/** The invalid products and warnings the summary lists; the counts cover them all. */
const MAX_LISTED = 100;

/** A value's length as the channels count it: in characters (code points). */
function length(value: string): number {
	let n = value.length;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		if (c >= 0xd800 && c < 0xdc00) n--;
	}
	return n;
}

/** `a title`, `an id`. */
const a = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** The first `max` characters (code points) of a value. */
const cut = (value: string, max: number) => [...value].slice(0, max).join('');

export class FeedCheck {
	invalid = 0;
	readonly invalidByRule: Record<string, number> = {};
	readonly problems: IDataObject[] = [];
	warned = 0;
	readonly warnings: IDataObject[] = [];
	private readonly ids = new SkuTable();
	private readonly idAt: number;
	private readonly cellAt: Map<string, number>;

	constructor(
		private readonly channel: Channel,
		private readonly columns: FileColumn[],
		readonly keep: boolean,
	) {
		this.idAt = columns.findIndex((c) => c.header === channel.idColumn);
		this.cellAt = new Map(columns.map((c, i) => [c.header, i]));
	}

	/**
	 * Whether the product, its cells made (`broken`: the rules its cells' forms refused), is
	 * written; long values the channel cuts are cut in `cells`.
	 */
	written(record: IDataObject, cells: string[], broken: Broken[]): boolean {
		const { columns, channel } = this;
		for (let i = 0; i < columns.length; i++) {
			const rules = columns[i].channel;
			if (!rules) continue;
			const { header } = columns[i];
			const value = cells[i];
			if (value.trim() === '') {
				if (rules.required)
					broken.push({
						column: header,
						rule: `without ${header}`,
						error: columns[i].unfilled
							? `${header} is empty: nothing in the account fills it (${channel.label} requires it). Add a column "${header}" with a Source or a Value in ${COLUMNS_LABEL}`
							: `${header} is empty (${channel.label} requires it)`,
					});
				continue;
			}
			if (rules.oneOf && !rules.oneOf.includes(value))
				broken.push({
					column: header,
					rule: `with ${a(header)} ${channel.label} does not know`,
					error: `${header} "${startOf(value)}" is not one of ${rules.oneOf.join(', ')} (map it with Export Options → Value Map)`,
				});
			if (rules.max !== undefined && value.length > rules.max && length(value) > rules.max)
				broken.push({
					column: header,
					rule: `with ${a(header)} over ${rules.max} characters`,
					error: `${header} has ${length(value)} characters, over ${channel.label}'s ${rules.max}: "${startOf(value)}"`,
				});
			if (rules.cut !== undefined && value.length > rules.cut && length(value) > rules.cut) {
				this.warned++;
				if (this.warnings.length < MAX_LISTED)
					this.warnings.push({
						sku: text(record.sku),
						warning: `${header} cut from ${length(value)} to ${rules.cut} characters, as ${channel.label} cuts it`,
					});
				cells[i] = cut(value, rules.cut);
			}
		}
		if (channel.check) {
			broken.push(
				...channel.check((header) => {
					const i = this.cellAt.get(header);
					return i === undefined ? '' : cells[i].trim();
				}),
			);
		}
		const id = this.idAt < 0 ? '' : cells[this.idAt].trim();
		if (id !== '') {
			if (this.ids.has(id))
				broken.push({
					column: channel.idColumn,
					rule: `with ${a(channel.idColumn)} already written`,
					error: `${channel.idColumn} "${startOf(id)}" is another product's too (${channel.label} takes each once)`,
				});
			else if (broken.length === 0 || this.keep) this.ids.set(id);
		}
		if (broken.length === 0) return true;
		this.invalid++;
		for (const rule of new Set(broken.map((b) => b.rule)))
			this.invalidByRule[rule] = (this.invalidByRule[rule] ?? 0) + 1;
		if (this.problems.length < MAX_LISTED)
			this.problems.push({ sku: text(record.sku), error: broken.map((b) => b.error).join('; ') });
		return this.keep;
	}

	/** The notice's words: `212 left out: 160 without image_link, 52 with a title over 150 characters`. */
	notice(): string | undefined {
		if (!this.invalid) return undefined;
		const rules = Object.entries(this.invalidByRule)
			.sort((a, b) => b[1] - a[1])
			.map(([rule, n]) => `${n} ${rule}`)
			.join(', ');
		return `${this.invalid} ${this.keep ? 'written with problems' : 'left out'}: ${rules}`;
	}
}
