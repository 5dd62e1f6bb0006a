import type { IDataObject } from 'n8n-workflow';

import type { AccountAttribute } from '../../../shared/attributes';
import { fold, text } from '../../../shared/records';
import type { NotWritten, RowWarning } from '../engine/report';

/** The write a row is read for: its language, its channels as given, the default currency. */
export interface ConventionScope {
	language: string;
	/** The names each of the write's channels goes by: the account's code and name, or as given. */
	channels: string[][];
	currency?: string;
	/** Import Options → All Languages: other locales' columns are kept for their own writes. */
	allLanguages?: boolean;
	/** Import Options → Channel Map: a column's channel suffix as the account names it. */
	channel?: (value: string) => string;
	/** The account's currency codes, when they choose between a price's currencies (suffixes.ts). */
	accountCurrencies?: string[];
}

/** Past this many different column names, names are read without being kept. */
const MAX_KEPT_HEADERS = 10_000;

/** Whether a row may give a price in several currencies (`price-EUR`, `Price (USD)`). */
export function severalCurrencies(row: IDataObject): boolean {
	let found = 0;
	for (const key in row) if (inCurrency(key) && ++found > 1) return true;
	return false;
}

/** Column names that end in a currency (`price-EUR`, `Price (USD)`), tested once each. */
const IN_CURRENCY = new Map<string, boolean>();

function inCurrency(key: string): boolean {
	let yes = IN_CURRENCY.get(key);
	if (yes === undefined) {
		yes = /-[A-Za-z]{3}$|\([A-Z]{3}\)$/.test(key.trim());
		if (IN_CURRENCY.size < MAX_KEPT_HEADERS) IN_CURRENCY.set(key, yes);
	}
	return yes;
}

/** A column's value on its way to an attribute. */
export interface ColumnValue {
	attribute: AccountAttribute;
	value: unknown;
	/** The column(s) it came from, for errors. */
	source: string;
	/** The input fields it came from. */
	fields: string[];
}

/** Export unit codes and words (lower case) → the unit name the PIM's records write. */
const UNITS: Record<string, string> = Object.fromEntries(
	[
		['Milligram', 'mg', 'milligram', 'milligrams'],
		['Gram', 'g', 'gr', 'gram', 'grams'],
		['Kilogram', 'kg', 'kilogram', 'kilograms', 'kilo'],
		['Pound', 'lb', 'lbs', 'pound', 'pounds'],
		['Ounce', 'oz', 'ounce', 'ounces'],
		['Millimeter', 'mm', 'millimeter', 'millimetre', 'millimeters'],
		['Centimeter', 'cm', 'centimeter', 'centimetre', 'centimeters'],
		['Meter', 'm', 'meter', 'metre', 'meters'],
		['Inch', 'in', 'inch', 'inches'],
		['Foot', 'ft', 'foot', 'feet'],
		['Milliliter', 'ml', 'milliliter', 'millilitre', 'milliliters'],
		['Liter', 'l', 'liter', 'litre', 'liters'],
	].flatMap(([word, ...codes]) => [word, ...codes].map((c) => [c.toLowerCase(), word])),
);

export const unitName = (code: string): string | undefined => UNITS[fold(code)];

export const CURRENCY = /^[A-Z]{3}$/;
export const LOCALE = /^[a-z]{2,3}_[A-Za-z]{2,4}$/;
/** A header with a unit or a currency in brackets: `Weight (lbs)`, `Price (EUR)`. */
export const HEADER = /^(.*\S)\s*\(([^)]+)\)$/;
/** An amount alone: `12`, `1.5`, `.5`, `0,8`, `-3`. */
const BARE_AMOUNT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** What an attribute's amounts go with (PRICE, METRIC), found once per attribute: every row asks. */
const AMOUNTS = new WeakMap<AccountAttribute, number>();
const PRICE = 1;
const METRIC = 2;

function amountsOf(a: AccountAttribute): number {
	let kind = AMOUNTS.get(a);
	if (kind === undefined) {
		const code = a.code.toLowerCase();
		kind =
			(/price|currency|money/i.test(a.typeLabel) || code === 'price' ? PRICE : 0) |
			(/metric|measure|weight|length|width|height|depth|volume|dimension/i.test(a.typeLabel) ||
			['weight', 'length', 'width', 'height', 'depth', 'volume'].includes(code)
				? METRIC
				: 0);
		AMOUNTS.set(a, kind);
	}
	return kind;
}

/** A metric attribute (weight, length, ...; type label or code): its amount goes with a unit. */
export const isMetric = (a: AccountAttribute) => (amountsOf(a) & METRIC) !== 0;

export const attributeLabel = (a: AccountAttribute) =>
	a.title && a.title !== a.code ? `"${a.code}" (${a.title})` : `"${a.code}"`;

/** A price attribute (its type label or code says so): its amount goes with a currency. */
export const isPrice = (a: AccountAttribute) => (amountsOf(a) & PRICE) !== 0;

/** A value that sends nothing: empty, blank, `[]` (the editor's empty list field). */
export const isNoValue = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && (value.trim() === '' || value.trim() === '[]')) ||
	(Array.isArray(value) && value.length === 0);

/** A bare amount with its unit or currency; any other value as it is. */
export function amountWith<T>(value: T, unit: string): T | string {
	const amount = text(value).trim();
	return BARE_AMOUNT.test(amount) ? `${amount} ${unit}` : value;
}

/** The unit a column's header gives its amounts: `Weight (lbs)`, Shopify's `Variant Grams`. */
export function unitOfHeader(column: string): string | undefined {
	return headerOf(column).unit;
}

/** The currency a column's header gives its amounts: `Price (EUR)`. */
function currencyOfHeader(column: string): string | undefined {
	return headerOf(column).currency;
}

/** A column's unit and currency, read from its header once: a file's rows share their columns. */
const HEADERS = new Map<string, { unit?: string; currency?: string }>();
function headerOf(column: string): { unit?: string; currency?: string } {
	let read = HEADERS.get(column);
	if (read === undefined) {
		const name = column.trim();
		const header = HEADER.exec(name);
		read = {
			unit:
				name.toLowerCase() === 'variant grams' ? 'Gram' : header ? unitName(header[2]) : undefined,
			currency: header && CURRENCY.test(header[2]) ? header[2] : undefined,
		};
		if (HEADERS.size < MAX_KEPT_HEADERS) HEADERS.set(column, read);
	}
	return read;
}

/**
 * A price's or a metric attribute's bare amount, by whichever column (or Define Below's field) it
 * came: the currency or unit its header gives (`Price (EUR)`, `Weight (lbs)`, Variant Grams), a
 * price the currency of Import Options → Currency. With none known it is sent as it is (the PIM
 * takes it) and the row warns, a price as a weight: never a bare amount in silence.
 */
export function completeAmounts(values: ColumnValue[], currency?: string): RowWarning[] {
	const warnings: RowWarning[] = [];
	for (const v of values) {
		const price = isPrice(v.attribute);
		if ((!price && !isMetric(v.attribute)) || !BARE_AMOUNT.test(text(v.value).trim())) continue;
		const given =
			v.fields.map(price ? currencyOfHeader : unitOfHeader).find((u) => u !== undefined) ??
			(price ? currency : undefined);
		if (given) {
			v.value = amountWith(v.value, given);
			continue;
		}
		const amount = text(v.value).trim();
		const { code } = v.attribute;
		const about = `${v.source} holds the amount ${amount} with no ${price ? 'currency' : 'unit'} for the attribute "${code}": sent as it is.`;
		// Define Below's values come from no column: their unit goes with the amount.
		warnings.push({
			kind: price ? 'noCurrency' : 'noUnit',
			text: price
				? `${about} Set Import Options → Currency, or give the currency with the amount (${amount} USD)`
				: v.fields.length
					? `${about} Give the unit in the header (Weight (kg)) or in a "${code}-unit" column`
					: `${about} Give the unit with the amount (${amount} Kilogram)`,
		});
	}
	return warnings;
}

/** A row as the conventions read it, and what their readers have found in it so far. */
export class Reading {
	readonly values: ColumnValue[] = [];
	readonly used = new Set<string>();
	/** Columns that name an attribute for another language, channel, ... than this write's. */
	readonly notHere: NotWritten[] = [];
	/** With All Languages: the values of each other locale, for its own write. */
	readonly otherLanguages = new Map<string, ColumnValue[]>();
	/** Shopify's `Variant Image`: the variant's own image, first of the product's images. */
	readonly images: string[] = [];
	/** Values sent with a doubt the output says (an amount with no unit or currency known). */
	readonly warnings: RowWarning[] = [];
	/** The price columns read with a currency in their names (`price-EUR`, `Price (EUR)`): theirs. */
	readonly priced = new Map<string, string>();
	/** Values of columns whose channel suffix is the write's through the Channel Map. */
	readonly byChannelMap = new Set<ColumnValue>();
	/** The unmatched columns by their name folded (the last column of a name). */
	readonly byLower: Map<string, string>;

	constructor(
		readonly row: IDataObject,
		/** The columns that match no attribute as they are; `direct`: the values of those that do. */
		readonly unmatched: string[],
		readonly direct: ColumnValue[],
		/** The attributes a name names (code or title, any case), as matchField finds them. */
		readonly match: (name: string) => AccountAttribute[],
		readonly byCode: (code: string) => AccountAttribute | undefined,
		readonly scope: ConventionScope,
	) {
		this.byLower = new Map(unmatched.map((c) => [fold(c), c]));
	}

	/** The one attribute a name names; none when it names none or several. */
	one(name: string): AccountAttribute | undefined {
		const found = this.match(name);
		return found.length === 1 ? found[0] : undefined;
	}

	/** Whether a column that names the attribute as it is gives it. */
	given(code: string): boolean {
		return this.direct.some((d) => d.attribute.code === code);
	}

	/** A column's value (its cell, unless given) for an attribute. */
	valueOf(attribute: AccountAttribute, column: string, value = this.row[column]): ColumnValue {
		return { attribute, value, source: `the input field "${column}"`, fields: [column] };
	}

	/** A column read: its value goes to the attribute. */
	write(attribute: AccountAttribute, column: string, value = this.row[column]): void {
		this.values.push(this.valueOf(attribute, column, value));
		this.used.add(column);
	}

	/** A value read is not written after all: its column is reported, with why. */
	drop(value: ColumnValue, kind: NotWritten['kind'], reason: string): void {
		this.values.splice(this.values.indexOf(value), 1);
		this.notHere.push({ column: value.fields[0], kind, reason });
	}
}

/** An export convention: reads what it knows of the row into the reading. */
export type Reader = (r: Reading) => void;

/** A convention of a column's name (`weight-unit`, `Weight (lbs)`): the names it reads, and how. */
export interface NameReader {
	name: RegExp;
	read(r: Reading, column: string, name: RegExpExecArray): void;
}
