import { text } from '../../../../shared/records';
import { unitName } from '../../conventions/values';

/**
 * Values in a channel's form: each form takes the value as the product record (or a column's
 * Value) gives it and returns the channel's text, or a `Refusal` naming why the value cannot be
 * written in that form (the product is then invalid under that rule). A form never guesses: a
 * value it cannot read is refused, not replaced.
 */

/** Why a value cannot be written in the channel's form: the rule's words, for the summary. */
export class Refusal {
	constructor(
		/** The rule as the notice counts it: "with a price that is no amount". */
		readonly rule: string,
		/** What the problem says after the column's name: "is no amount". */
		readonly error: string,
	) {}
}

export type Formed = string | Refusal;

/** What a form may need besides the value: the feed's currency once it is known. */
export interface FormContext {
	/** The currency every price must be in (Export Options → Currency, or the first price's). */
	currency?: string;
	/** Told the first price's currency when no currency was given. */
	learnCurrency(code: string): void;
}

/** A value as one text: a list's items joined by `joiner`. */
export function flat(value: unknown, joiner = ', '): string {
	if (Array.isArray(value))
		return value
			.map(text)
			.filter((v) => v !== '')
			.join(joiner);
	if (value !== null && typeof value === 'object') return JSON.stringify(value);
	return text(value);
}

// ---- text ----

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

/** HTML's character references read: `&amp;` → `&`, `&#39;` → `'`; an unknown name is kept. */
export function decodeEntities(value: string): string {
	return value.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code =
				name[1] === 'x' || name[1] === 'X'
					? parseInt(name.slice(2), 16)
					: parseInt(name.slice(1), 10);
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return ENTITIES[name.toLowerCase()] ?? whole;
	});
}

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
/** A block-level tag or a line break: where a text feed keeps a space between words. */
const BLOCK_TAG =
	/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|dt|dd|dl|table|section|article)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-z][^<>]*>|<![^<>]*>/gi;
const LINK_IN_TEXT = /\b(?:https?:\/\/|www\.)\S+/gi;

/** Anything plainText or googleHtml changes: a tag or an entity, whitespace but single spaces between words. */
const NEEDS_CLEANING = /[<&]|\s\s|[^\S ]|^\s|\s$/;

/** Plain text: HTML's tags removed (scripts and styles with their content), entities read, whitespace as single spaces. */
export function plainText(value: unknown): string {
	const html = flat(value);
	if (!NEEDS_CLEANING.test(html)) return html;
	return decodeEntities(
		html
			.replace(SCRIPT_OR_STYLE, ' ')
			.replace(COMMENT, ' ')
			.replace(BLOCK_TAG, ' ')
			.replace(ANY_TAG, ''),
	)
		.replace(/\s+/g, ' ')
		.trim();
}

/** Meta's description: plain text without links (Meta refuses links in it). */
export function plainTextWithoutLinks(value: unknown): string {
	const plain = plainText(value);
	return /https?:|www\./i.test(plain)
		? plain.replace(LINK_IN_TEXT, '').replace(/\s+/g, ' ').trim()
		: plain;
}

/** Google's simple HTML: these tags only, written without attributes. */
const GOOGLE_TAGS = new Set('strong em ul ol li br sub sup div span dl dt dd'.split(' '));
/** Tags Google does not take, read as the one it does that means the same. */
const GOOGLE_SAME = new Map([
	['b', 'strong'],
	['i', 'em'],
	['p', 'div'],
]);
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^<>]*?(\/?)>/gi;

/**
 * Google's description: only its simple tags (`<b>` read as `<strong>`, `<p>` as `<div>`), no
 * attributes, well formed (an end tag with no start is dropped, a tag left open is closed);
 * scripts, styles and comments removed with their content; other tags removed, their text kept;
 * whitespace (tabs, line breaks) as single spaces.
 */
export function googleHtml(value: unknown): string {
	const html = flat(value);
	if (!NEEDS_CLEANING.test(html)) return html;
	const open: string[] = [];
	// Scripts, styles and comments are rare: looked for only when a `<!` or `<s` is there.
	const kept = /<[!sS]/.test(html)
		? html
				.replace(SCRIPT_OR_STYLE, '')
				.replace(COMMENT, '')
				.replace(/<![^<>]*>/g, '')
		: html;
	const out = kept
		.replace(TAG, (_whole, closing: string, rawName: string, selfClosing: string) => {
			const lower = rawName.toLowerCase();
			const name = GOOGLE_SAME.get(lower) ?? lower;
			if (!GOOGLE_TAGS.has(name)) return lower === 'br' ? ' ' : '';
			if (name === 'br') return '<br/>';
			if (selfClosing) return '';
			if (!closing) {
				open.push(name);
				return `<${name}>`;
			}
			const at = open.lastIndexOf(name);
			if (at < 0) return '';
			// Tags opened inside it and left open end before it.
			const inner = open.splice(at).reverse();
			return inner.map((t) => `</${t}>`).join('');
		})
		// A `<` that starts no tag is text.
		.replace(/<(?![a-z/]|br\/>)/gi, '&lt;')
		.replace(/\s+/g, ' ')
		.trim();
	return (
		out +
		open
			.reverse()
			.map((t) => `</${t}>`)
			.join('')
	);
}

// ---- amounts ----

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A number as written by people: a decimal comma read as the decimal point (`392,12`); with both
 * marks, the later one is the decimal point (`1.234,56`, `1,234.56`); a mark that occurs twice
 * separates thousands (`1,234,567`). Undefined when the text is no number.
 */
export function decimal(value: string): string | undefined {
	if (PLAIN_NUMBER.test(value)) return value;
	let digits = value.replace(/[\s\u00a0\u202f']/g, '');
	if (!/^-?\d[\d.,]*$/.test(digits)) return undefined;
	const lastDot = digits.lastIndexOf('.');
	const lastComma = digits.lastIndexOf(',');
	const decimalMark =
		lastDot >= 0 && lastComma >= 0
			? lastDot > lastComma
				? '.'
				: ','
			: lastDot >= 0
				? digits.indexOf('.') === lastDot
					? '.'
					: undefined
				: lastComma >= 0 && digits.indexOf(',') === lastComma
					? ','
					: undefined;
	const thousands = decimalMark === '.' ? ',' : decimalMark === ',' ? '.' : /[.,]/g;
	digits = digits.split(thousands).join('');
	if (decimalMark) digits = digits.replace(decimalMark, '.');
	if (!/^-?\d+(\.\d+)?$/.test(digits)) return undefined;
	return digits;
}

/** An amount with at least two decimals, never rounded: `15` → `15.00`, `9.999` stays. */
function twoDecimals(number: string): string {
	const dot = number.indexOf('.');
	if (dot > 0 && number.length - dot > 2 && number[0] !== '0') return number;
	const [whole, fraction = ''] = number.split('.');
	return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
const PLAIN_PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;

/**
 * A price as the PIM writes it (`12.34 USD`, `392,12 EUR`, `USD 12.34`, or an amount without a
 * code) read as [amount, currency]; the currency undefined when the price names none.
 */
function priceParts(value: unknown): [string, string | undefined] | Refusal {
	const given = flat(value).trim();
	// The PIM's own form, `12.34 USD`, read at once.
	const plain = PLAIN_PRICE.exec(given);
	if (plain) return [twoDecimals(plain[1]), plain[2]];
	const match = /^([A-Za-z]{3})?\s*([^A-Za-z]*?)\s*([A-Za-z]{3})?$/.exec(given);
	const amount = match ? decimal(match[2]) : undefined;
	if (!match || amount === undefined || (match[1] && match[3]))
		return new Refusal('with a price that is no amount', 'is no amount and currency');
	if (amount.startsWith('-')) return new Refusal('with a negative price', 'is below zero');
	const code = (match[1] ?? match[3])?.toUpperCase();
	if (code !== undefined && !CURRENCY_CODE.test(code))
		return new Refusal('with a price that is no amount', 'is no amount and currency');
	return [twoDecimals(amount), code];
}

const OTHER_CURRENCY = new Map<string, Refusal>();
/** The refusal of a price in another currency than the feed's (one per currency). */
function otherCurrency(currency: string): Refusal {
	let refusal = OTHER_CURRENCY.get(currency);
	if (!refusal) {
		refusal = new Refusal(`priced in another currency than ${currency}`, `is not in ${currency}`);
		OTHER_CURRENCY.set(currency, refusal);
	}
	return refusal;
}

/** The price's amount in the feed's currency, or why not. */
function inCurrency(value: unknown, context: FormContext): [string, string] | Refusal {
	const parts = priceParts(value);
	if (parts instanceof Refusal) return parts;
	const [amount, code] = parts;
	const currency = context.currency ?? code;
	if (currency === undefined)
		return new Refusal(
			'with a price without a currency',
			'names no currency (set Export Options → Currency)',
		);
	if (context.currency === undefined) context.learnCurrency(currency);
	if (code !== undefined && code !== currency) return otherCurrency(currency);
	return [amount, currency];
}

/** Google's and Meta's price: `15.00 USD`. */
export function priceWithCode(value: unknown, context: FormContext): Formed {
	const priced = inCurrency(value, context);
	return priced instanceof Refusal ? priced : `${priced[0]} ${priced[1]}`;
}

/** Shopify's price: `15.00`, in the feed's currency. */
export function priceAmount(value: unknown, context: FormContext): Formed {
	const priced = inCurrency(value, context);
	return priced instanceof Refusal ? priced : priced[0];
}

// ---- weights ----

const GRAMS: Record<string, number> = {
	Milligram: 0.001,
	Gram: 1,
	Kilogram: 1000,
	Pound: 453.59237,
	Ounce: 28.349523125,
};
const GOOGLE_WEIGHT_UNITS: Record<string, string> = {
	Gram: 'g',
	Kilogram: 'kg',
	Pound: 'lb',
	Ounce: 'oz',
};

/** A weight as [amount, unit name]; undefined when it is no weight. */
function weightParts(value: unknown): [string, string] | undefined {
	const match = /^\s*([\d.,\s]*\d)\s*([A-Za-z]+)\s*$/.exec(flat(value));
	const amount = match ? decimal(match[1]) : undefined;
	const unit = match ? unitName(match[2]) : undefined;
	return amount !== undefined && unit !== undefined && unit in GRAMS ? [amount, unit] : undefined;
}

const NO_WEIGHT = new Refusal(
	'with a weight in no known unit',
	'is no weight with a unit (mg, g, kg, lb, oz)',
);

/** Shopify's `Variant Grams`: the weight in whole grams (`1.1 kg` → `1100`). */
export function grams(value: unknown): Formed {
	const parts = weightParts(value);
	if (!parts) return NO_WEIGHT;
	return String(Math.round(Number(parts[0]) * GRAMS[parts[1]]));
}

/** Google's `shipping_weight`: the number and one of its units (`1.1 kg`; milligrams as grams). */
export function googleWeight(value: unknown): Formed {
	const parts = weightParts(value);
	if (!parts) return NO_WEIGHT;
	const [amount, unit] = parts;
	if (unit === 'Milligram') return `${Number(amount) / 1000} g`;
	return `${amount} ${GOOGLE_WEIGHT_UNITS[unit]}`;
}

// ---- links ----

/**
 * A URL as RFC 3986 writes it: every character it does not allow raw percent-encoded as UTF-8
 * (a space → `%20`, `é` → `%C3%A9`), a `%` that starts no escape as `%25`, and `,` as `%2C`
 * (Google reads a comma in image_link as a list); escapes already made are kept.
 */
export function url(value: unknown): string {
	const given = flat(value).trim();
	if (/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+;=]*$/.test(given)) return given;
	return given.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+;=%]/gu, (c) =>
		encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16)}`),
	);
}

/** An image's URL: a list's first (the channel's image column holds one). */
export function firstUrl(value: unknown): string {
	return url(Array.isArray(value) ? value.find((v) => text(v).trim() !== '') : value);
}

// ---- words ----

const YES = /^(yes|y|true|1|in[ _-]?stock|available|instock)$/i;
const NO = /^(no|n|false|0|out[ _-]?of[ _-]?stock|unavailable|outofstock|sold[ _-]?out)$/i;

/**
 * Stock as the channel's words: yes/no words and `in stock`/`in_stock` spelled any way, or a
 * quantity (above zero: in stock); the channel's other words (preorder, backorder, …) as the
 * channel spells them. `words` are the channel's: [in stock, out of stock, others…].
 */
export function availability(value: unknown, words: readonly string[]): Formed {
	const given = flat(value).trim();
	const plain = given.toLowerCase().replace(/[\s_-]+/g, ' ');
	const known = words.find((w) => w.replace(/_/g, ' ') === plain);
	if (known !== undefined) return known;
	if (YES.test(given)) return words[0];
	if (NO.test(given)) return words[1];
	const quantity = decimal(given);
	if (quantity !== undefined) return Number(quantity) > 0 ? words[0] : words[1];
	return given;
}

/** A record's `status` (1 enabled, 0 disabled, or a word) as yes or no; undefined when unknown. */
function enabled(value: unknown): boolean | undefined {
	const given = flat(value).trim().toLowerCase();
	if (/^(1|true|yes|enabled|active|published)$/.test(given)) return true;
	if (/^(0|false|no|disabled|inactive|draft|unpublished)$/.test(given)) return false;
	return undefined;
}

/** Shopify's `Published`: `TRUE` or `FALSE`. */
export function published(value: unknown): Formed {
	const on = enabled(value);
	return on === undefined ? flat(value) : on ? 'TRUE' : 'FALSE';
}

/** Shopify's `Status`: `active` or `draft` from the record's status (`archived` as given). */
export function shopifyStatus(value: unknown): Formed {
	if (/^\s*archived\s*$/i.test(flat(value))) return 'archived';
	const on = enabled(value);
	return on === undefined ? flat(value) : on ? 'active' : 'draft';
}

/** Shopify's `Handle`: lowercase letters, digits and dashes (`Café Crème` → `cafe-creme`). */
export function handle(value: unknown): string {
	return flat(value)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
}

/**
 * The first category's path as the channel writes one: its levels joined by ` > ` (the PIM's
 * records write `Apparel/Shirts`).
 */
export function categoryPath(value: unknown): string {
	const first = Array.isArray(value) ? value.map(text).find((v) => v.trim() !== '') : text(value);
	if (!first) return '';
	if (!/[/>]/.test(first)) return first.trim();
	return first
		.split(/\s*(?:\/|>)\s*/)
		.filter((level) => level !== '')
		.join(' > ');
}

/** A list as one value of a channel that takes one (Google's color: `Red/Navy`). */
export function slashList(value: unknown): string {
	return flat(value, '/');
}
