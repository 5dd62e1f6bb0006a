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

/** Empty or whitespace only, without making a trimmed copy of every value. */
const blank = (value: string) => value === '' || (value.charCodeAt(0) <= 32 && value.trim() === '');

/** A channel column's checks, their rules' words made once. */
interface ColumnRules {
	at: number;
	header: string;
	required?: Broken;
	oneOf?: { words: readonly string[]; rule: string };
	max?: { chars: number; rule: string };
	cut?: number;
}

// A broken rule's detail quotes the value: made by these functions, outside the check's loop,
// so that no closure is made (nor its context) for a product that breaks nothing.

function notOneOf(rules: ColumnRules, value: string): Broken {
	const { words, rule } = rules.oneOf!;
	return {
		column: rules.header,
		rule,
		detail: () =>
			`"${startOf(value)}" is not one of ${words.join(', ')} (map it with Export Options → Value Map)`,
	};
}

function overMax(rules: ColumnRules, value: string, label: string): Broken {
	const { chars, rule } = rules.max!;
	return {
		column: rules.header,
		rule,
		detail: () => `has ${length(value)} characters, over ${label}'s ${chars}: "${startOf(value)}"`,
	};
}

function duplicate(channel: Channel, rule: string, id: string): Broken {
	return {
		column: channel.idColumn,
		rule,
		detail: () => `"${startOf(id)}" is another product's too (${channel.label} takes each once)`,
	};
}

export class FeedCheck {
	invalid = 0;
	private readonly byRule = new Map<string, number>();
	readonly problems: IDataObject[] = [];
	warned = 0;
	readonly warnings: IDataObject[] = [];
	private readonly ids = new SkuTable();
	/** The id column, when its ids need checking. */
	private readonly idAt: number;
	private readonly rules: ColumnRules[] = [];
	private readonly duplicateRule: string;
	/** The product being checked, for channel.check. */
	private cells: string[] = [];
	private readonly cell: (header: string) => string;

	constructor(
		private readonly channel: Channel,
		columns: FileColumn[],
		readonly keep: boolean,
	) {
		const idAt = columns.findIndex((c) => c.header === channel.idColumn);
		// An id that is the product's SKU as is needs no table: the interface keeps a SKU to one
		// product, and the list read writes each product once (shared/pagination.ts).
		this.idAt = columns[idAt]?.asIs === 'sku' ? -1 : idAt;
		this.duplicateRule = `with ${a(channel.idColumn)} already written`;
		columns.forEach(({ header, channel: rules, unfilled }, at) => {
			if (!rules) return;
			this.rules.push({
				at,
				header,
				required: rules.required
					? {
							column: header,
							rule: `without ${header}`,
							detail: unfilled
								? `is empty: nothing in the account fills it (${channel.label} requires it). Add a column "${header}" with a Source or a Value in ${COLUMNS_LABEL}`
								: `is empty (${channel.label} requires it)`,
						}
					: undefined,
				oneOf: rules.oneOf && {
					words: rules.oneOf,
					rule: `with ${a(header)} ${channel.label} does not know`,
				},
				max:
					rules.max !== undefined
						? { chars: rules.max, rule: `with ${a(header)} over ${rules.max} characters` }
						: undefined,
				cut: rules.cut,
			});
		});
		const at = new Map(columns.map((c, i) => [c.header, i]));
		this.cell = (header) => {
			const i = at.get(header);
			return i === undefined ? '' : this.cells[i].trim();
		};
	}

	/**
	 * Whether the product, its cells made (`broken`: the rules its cells' forms refused), is
	 * written; long values the channel cuts are cut in `cells`.
	 */
	written(record: IDataObject, cells: string[], broken: Broken[]): boolean {
		const { channel } = this;
		for (const rules of this.rules) {
			const value = cells[rules.at];
			if (blank(value)) {
				if (rules.required) broken.push(rules.required);
				continue;
			}
			const { oneOf, max, cut: cutAt } = rules;
			if (oneOf && !oneOf.words.includes(value)) broken.push(notOneOf(rules, value));
			if (max && value.length > max.chars && length(value) > max.chars)
				broken.push(overMax(rules, value, channel.label));
			if (cutAt !== undefined && value.length > cutAt && length(value) > cutAt) {
				this.warned++;
				if (this.warnings.length < MAX_LISTED)
					this.warnings.push({
						sku: text(record.sku),
						warning: `${rules.header} cut from ${length(value)} to ${cutAt} characters, as ${channel.label} cuts it`,
					});
				cells[rules.at] = cut(value, cutAt);
			}
		}
		if (channel.check) {
			this.cells = cells;
			for (const b of channel.check(this.cell)) broken.push(b);
		}
		const id = this.idAt < 0 ? '' : cells[this.idAt].trim();
		// The first product written with an id keeps it: a later one is named. A product left out
		// for another rule does not take its id.
		if (id !== '') {
			const taken = broken.length === 0 || this.keep ? !this.ids.add(id) : this.ids.has(id);
			if (taken) broken.push(duplicate(channel, this.duplicateRule, id));
		}
		if (broken.length === 0) return true;
		this.invalid++;
		// Each product once under each rule it broke.
		for (let i = 0; i < broken.length; i++) {
			const { rule } = broken[i];
			let first = true;
			for (let j = 0; j < i && first; j++) first = broken[j].rule !== rule;
			if (first) this.byRule.set(rule, (this.byRule.get(rule) ?? 0) + 1);
		}
		if (this.problems.length < MAX_LISTED)
			this.problems.push({
				sku: text(record.sku),
				error: broken
					.map((b) => `${b.column} ${typeof b.detail === 'string' ? b.detail : b.detail()}`)
					.join('; '),
			});
		return this.keep;
	}

	/** The invalid products counted under each rule they broke, as the summary says them. */
	get invalidByRule(): Record<string, number> {
		return Object.fromEntries(this.byRule);
	}

	/** The notice's words: `212 left out: 160 without image_link, 52 with a title over 150 characters`. */
	notice(): string | undefined {
		if (!this.invalid) return undefined;
		const rules = [...this.byRule]
			.sort((a, b) => b[1] - a[1])
			.map(([rule, n]) => `${n} ${rule}`)
			.join(', ');
		return `${this.invalid} ${this.keep ? 'written with problems' : 'left out'}: ${rules}`;
	}
}
