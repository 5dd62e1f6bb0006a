import type { IDataObject } from 'n8n-workflow';

import type { AccountAttribute } from '../../../shared/attributes';
import { fail } from '../../../shared/params';
import { fold, text } from '../../../shared/records';
import type { NotWritten, RowWarning } from '../report';

/**
 * How other systems' exports name their columns, read by Map Automatically in version 2 for the
 * columns that match no attribute as they are (node-contract.md, "Exports of other systems"):
 * a column that names an attribute today keeps going to it, so saved workflows do not change.
 *
 * - name/value pairs: WooCommerce's `Attribute N name` + `Attribute N value(s)`, Shopify's
 *   `OptionN Name` + `OptionN Value` (Shopify's `Title` / `Default Title`: no options), Magento's
 *   `additional_attributes` (`color=Blue,size=M`, a multi-select's values joined by `|`);
 * - suffixes (Akeneo): `<attribute>-<locale>`, `<attribute>-<locale>-<channel>`,
 *   `<attribute>-<channel>` for the write's language and channels; `<price>-<CUR>`;
 * - units: `<attribute>` with `<attribute>-unit`, a unit in the header (`Weight (lbs)`),
 *   Shopify's `Variant Grams` (grams, whatever its `Variant Weight Unit` says);
 * - the standard columns of WooCommerce's and Shopify's product exports (`Regular price`,
 *   `Body (HTML)`, ...) for the interface's own attributes (`price`, `web_description`, ...);
 * - Import Options → Currency for a price attribute's bare amount.
 *
 * A price's or a metric attribute's amount that gets no currency or unit by any of them is sent
 * as it is and its row warns (completeAmounts).
 */

/**
 * Standard export columns → the attribute codes the interface's product records carry
 * (pim-integration-api.md: name, upc, price, weight, inStock, web_description, ...). Used only
 * when the account has that attribute and the column names no attribute itself. Keys lower case.
 */
const EXPORT_COLUMNS: Record<string, string> = {
	// WooCommerce
	description: 'web_description',
	'short description': 'short_description',
	'regular price': 'price',
	'in stock?': 'inStock',
	// Shopify
	title: 'name',
	'body (html)': 'web_description',
	'variant price': 'price',
	'variant barcode': 'upc',
	'seo description': 'meta_description',
	// Magento
	is_in_stock: 'inStock',
};

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
	/**
	 * The account's currency codes, read when a row gives one price in several currencies and
	 * Import Options → Currency does not choose: the one the account has is written.
	 */
	accountCurrencies?: string[];
}

/** Whether a row may give a price in several currencies (`price-EUR`, `price-USD`). */
export function severalCurrencies(row: IDataObject): boolean {
	let found = 0;
	for (const key of Object.keys(row))
		if (/-[A-Za-z]{3}$/.test(key.trim()) && ++found > 1) return true;
	return false;
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

/**
 * Export unit codes and words → the unit name as the PIM's records write it (`219 Milligram`).
 * Keys are lower case.
 */
const UNITS: Record<string, string> = Object.fromEntries(
	(
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
		] as const
	).flatMap(([word, ...codes]) => [word, ...codes].map((c) => [c.toLowerCase(), word])),
);

export const unitName = (code: string): string | undefined => UNITS[fold(code)];

const CURRENCY = /^[A-Z]{3}$/;
const LOCALE = /^[a-z]{2,3}_[A-Za-z]{2,4}$/;
/** An amount alone: `12`, `1.5`, `.5`, `0,8`, `-3`. */
const BARE_AMOUNT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A metric attribute (weight, length, volume, ...; its type label or code says so): its amount
 * goes with a unit.
 */
export const isMetric = (a: AccountAttribute) =>
	/metric|measure|weight|length|width|height|depth|volume|dimension/i.test(a.typeLabel) ||
	['weight', 'length', 'width', 'height', 'depth', 'volume'].includes(a.code.toLowerCase());

/** A value that sends nothing: empty, blank, `[]` (the editor's empty list field). */
export const isNoValue = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && (value.trim() === '' || value.trim() === '[]')) ||
	(Array.isArray(value) && value.length === 0);

/** Whether a value is an amount alone, with no unit or currency. */
export const isBareAmount = (value: unknown) => BARE_AMOUNT.test(text(value).trim());

/** The unit a column's header gives its amounts: `Weight (lbs)`, Shopify's `Variant Grams`. */
function unitOfHeader(column: string): string | undefined {
	const name = column.trim();
	if (name.toLowerCase() === 'variant grams') return 'Gram';
	const header = /^(.*\S)\s*\(([^)]+)\)$/.exec(name);
	return header ? unitName(header[2]) : undefined;
}

/** The currency a column's header gives its amounts: `Price (EUR)`. */
function currencyOfHeader(column: string): string | undefined {
	const header = /^(.*\S)\s*\(([^)]+)\)$/.exec(column.trim());
	return header && CURRENCY.test(header[2]) ? header[2] : undefined;
}

/** A price attribute (its type label or code says so): its amount goes with a currency. */
export const isPrice = (a: AccountAttribute) =>
	/price|currency|money/i.test(a.typeLabel) || a.code.toLowerCase() === 'price';

/** A bare amount with its unit or currency; any other value as it is. */
export function amountWith<T>(value: T, unit: string): T | string {
	const amount = text(value).trim();
	return BARE_AMOUNT.test(amount) ? `${amount} ${unit}` : value;
}

/** The one attribute a name names (code or title, any case), as matchField finds it. */
type Match = (name: string) => AccountAttribute[];

/**
 * The values the unmatched columns of `row` give by the conventions, and the columns they used;
 * `direct` are the values of the columns that matched as they are (a unit or a currency may
 * complete them). What is left in `unmatched` went nowhere.
 */
export function conventionValues(
	row: IDataObject,
	unmatched: string[],
	direct: ColumnValue[],
	match: Match,
	byCode: (code: string) => AccountAttribute | undefined,
	scope: ConventionScope,
): {
	values: ColumnValue[];
	used: Set<string>;
	notHere: NotWritten[];
	/** With All Languages: the values of each other locale, for its own write. */
	otherLanguages: Map<string, ColumnValue[]>;
	/** Shopify's `Variant Image`: the variant's own image, first of the product's images. */
	images: string[];
	/** Values sent with a doubt the output says (an amount with no unit or currency known). */
	warnings: RowWarning[];
} {
	const values: ColumnValue[] = [];
	const used = new Set<string>();
	/** Columns that name an attribute for another language or channel than this write's. */
	const notHere: NotWritten[] = [];
	const images: string[] = [];
	/** The `<price>-<CUR>` columns read. */
	const priced = new Set<string>();
	/** Values of columns whose channel suffix is the write's through the Channel Map. */
	const byChannelMap = new Set<ColumnValue>();
	const otherLanguages = new Map<string, ColumnValue[]>();
	const byLower = new Map(unmatched.map((c) => [fold(c), c]));
	const one = (name: string) => {
		const found = match(name);
		return found.length === 1 ? found[0] : undefined;
	};

	// name/value pairs
	for (const column of unmatched) {
		const pair =
			/^attribute (\d+) name$/i.exec(column.trim()) ?? /^option(\d+) name$/i.exec(column.trim());
		if (!pair) continue;
		const woo = /^attribute/i.test(column.trim());
		const valueColumn = woo
			? (byLower.get(`attribute ${pair[1]} value(s)`) ?? byLower.get(`attribute ${pair[1]} values`))
			: byLower.get(`option${pair[1]} value`);
		const name = text(row[column]).trim();
		const value = valueColumn === undefined ? undefined : row[valueColumn];
		const companions = woo
			? ['visible', 'global', 'default'].map((w) => byLower.get(`attribute ${pair[1]} ${w}`))
			: [byLower.get(`option${pair[1]} linked to`)];
		const attribute = name ? one(name) : undefined;
		// An empty pair, or Shopify's product without options, writes nothing.
		const nothing = !name || (name.toLowerCase() === 'title' && text(value) === 'Default Title');
		for (const c of [column, valueColumn, ...companions]) if (c !== undefined) used.add(c);
		// A name that names no attribute (or several): said with the name, since the pair's columns
		// write other rows' attributes.
		if (!nothing && !attribute) {
			if (isNoValue(value)) continue;
			const found = match(name);
			notHere.push({
				column: `${column} (${name})`,
				kind: 'noAttribute',
				reason: `${found.length ? `"${name}" names ${found.length} attributes (${found.map((a) => a.code).join(', ')})` : `"${name}" names no attribute of the account (code or title)`}: its value${valueColumn === undefined ? '' : ` in "${valueColumn}"`} is not written`,
			});
			continue;
		}
		if (attribute && !nothing)
			values.push({
				attribute,
				value,
				source: `the input fields "${column}" and "${valueColumn}"`,
				fields: [column, valueColumn].filter((c): c is string => c !== undefined),
			});
	}

	// Magento's additional_attributes: `code=value` pairs joined by commas, a multi-select's values
	// joined by `|`. A pair for an attribute another column gives, or for none, is reported.
	const additional = byLower.get('additional_attributes');
	if (additional !== undefined) {
		used.add(additional);
		for (const pair of text(row[additional]).split(',')) {
			const at = pair.indexOf('=');
			if (at < 1) continue;
			const name = pair.slice(0, at).trim();
			const value = pair.slice(at + 1).trim();
			const attribute = one(name);
			if (!attribute || direct.some((d) => d.attribute.code === attribute.code)) {
				notHere.push({
					column: `${additional} (${name})`,
					kind: attribute ? 'givenElsewhere' : 'noAttribute',
					reason: attribute
						? `another column gives the attribute "${attribute.code}"`
						: `no attribute is named "${name}"`,
				});
				continue;
			}
			values.push({
				attribute,
				value: value.includes('|') ? value.split('|').map((v) => v.trim()) : value,
				source: `the input field "${additional}" (${name})`,
				fields: [additional],
			});
		}
	}

	// The standard columns of shop exports.
	for (const column of unmatched) {
		const code = EXPORT_COLUMNS[fold(column)];
		const attribute = code === undefined ? undefined : byCode(code);
		if (!attribute || direct.some((d) => d.attribute.code === code)) continue;
		values.push({
			attribute,
			value: row[column],
			source: `the input field "${column}"`,
			fields: [column],
		});
		used.add(column);
	}

	// Shopify's Variant Grams: the weight in grams, whatever Variant Weight Unit says (which is
	// then read, by whichever way the grams reach an attribute).
	const grams = byLower.get('variant grams');
	const weight = grams === undefined ? undefined : one('weight');
	if (grams !== undefined && weight && !direct.some((d) => d.attribute.code === weight.code)) {
		values.push({
			attribute: weight,
			value: row[grams],
			source: `the input field "${grams}"`,
			fields: [grams],
		});
		used.add(grams);
	}
	const unitColumn = byLower.get('variant weight unit');
	if (
		unitColumn !== undefined &&
		(used.has(grams ?? '') || direct.some((d) => d.fields.some((f) => unitOfHeader(f) === 'Gram')))
	)
		used.add(unitColumn);

	// Shopify's Variant Image: the variant's own image, before its product's.
	const variantImage = byLower.get('variant image');
	if (variantImage !== undefined) {
		used.add(variantImage);
		const url = text(row[variantImage]).trim();
		if (url) images.push(url);
	}

	for (const column of unmatched) {
		if (used.has(column)) continue;
		const name = column.trim();
		// `<attribute>-unit`: completes the attribute's amount.
		const unitOf = /^(.+)-unit$/i.exec(name);
		if (unitOf) {
			const attribute = one(unitOf[1]);
			const target =
				attribute && [...direct, ...values].find((v) => v.attribute.code === attribute.code);
			const unit = unitName(text(row[column])) ?? text(row[column]).trim();
			if (target) {
				if (unit) target.value = amountWith(target.value, unit);
				used.add(column);
			}
			continue;
		}
		// A unit or a currency in the header: `Weight (lbs)`, `Price (EUR)`.
		const header = /^(.*\S)\s*\(([^)]+)\)$/.exec(name);
		if (header) {
			const attribute = one(header[1]);
			const unit = unitName(header[2]) ?? (CURRENCY.test(header[2]) ? header[2] : undefined);
			if (attribute && unit) {
				values.push({
					attribute,
					value: amountWith(row[column], unit),
					source: `the input field "${column}"`,
					fields: [column],
				});
				used.add(column);
			}
			continue;
		}
		// Akeneo's suffixes: `<attribute>-<locale>[-<channel>]`, `<attribute>-<channel>`, `<price>-<CUR>`.
		const parts = name.split('-');
		if (parts.length < 2) continue;
		for (let cut = parts.length - 1; cut >= 1; cut--) {
			const attribute = one(parts.slice(0, cut).join('-'));
			if (!attribute) continue;
			const suffix = parts.slice(cut);
			const source = `the input field "${column}"`;
			if (suffix.length === 1 && CURRENCY.test(suffix[0]) && isPrice(attribute)) {
				used.add(column);
				priced.add(column);
				// A write holds one price: with Import Options → Currency, the columns of the other
				// currencies are not this write's (reported; a second price cannot land).
				if (scope.currency && suffix[0].toUpperCase() !== scope.currency)
					notHere.push({
						column,
						kind: 'currency',
						reason: `a price in ${suffix[0].toUpperCase()}; this write's currency is ${scope.currency} (Import Options → Currency)`,
					});
				else
					values.push({
						attribute,
						value: amountWith(row[column], suffix[0]),
						source,
						fields: [column],
					});
			} else if (suffix.length <= 2) {
				const locale = LOCALE.test(suffix[0]) ? suffix[0] : undefined;
				const channel = locale ? suffix[1] : suffix[0];
				if (suffix.length === 2 && !locale) break;
				const languageFits = !locale || locale.toLowerCase() === scope.language.toLowerCase();
				const own = (name: string) =>
					scope.channels.some((names) => names.some((c) => c.toLowerCase() === name.toLowerCase()));
				const mapped = channel && scope.channel ? scope.channel(channel) : channel;
				const channelFits = !channel || own(channel) || own(mapped!);
				used.add(column);
				if (languageFits && channelFits) {
					const value: ColumnValue = { attribute, value: row[column], source, fields: [column] };
					if (channel && !own(channel)) byChannelMap.add(value);
					values.push(value);
				} else if (locale && channelFits && scope.allLanguages) {
					const list = otherLanguages.get(locale) ?? [];
					otherLanguages.set(locale, [
						...list,
						{ attribute, value: row[column], source, fields: [column] },
					]);
				} else
					// A column of another channel is not written whatever its language: its channel says why.
					notHere.push(
						!channelFits
							? {
									column,
									kind: 'channel',
									reason: `channel ${channel}; this write's channels are ${scope.channels.map((names) => names[0]).join(', ') || 'none'} (Import Options → Channel Map sends a column's channel to one of them)`,
								}
							: {
									column,
									kind: 'language',
									reason: `language ${locale}; this write's language is ${scope.language} (Import Options → All Languages writes the others)`,
								},
					);
			}
			break;
		}
	}

	// A column of the write's own channel wins over one whose channel the Channel Map made it.
	for (const v of byChannelMap) {
		const other = [...direct, ...values].find(
			(o) => o !== v && !byChannelMap.has(o) && o.attribute.code === v.attribute.code,
		);
		if (!other) continue;
		values.splice(values.indexOf(v), 1);
		notHere.push({
			column: v.fields[0],
			kind: 'givenElsewhere',
			reason: `the column "${other.fields[0]}" gives the attribute "${v.attribute.code}" for the write's own channel`,
		});
	}

	// One price in several currencies, none chosen: the account's currency is written.
	if (!scope.currency && scope.accountCurrencies) {
		const have = new Set(scope.accountCurrencies.map((c) => c.toUpperCase()));
		const byAttribute = new Map<string, ColumnValue[]>();
		for (const v of values)
			if (v.fields.some((f) => priced.has(f)))
				byAttribute.set(v.attribute.code, [...(byAttribute.get(v.attribute.code) ?? []), v]);
		const currencyOf = (v: ColumnValue) => v.fields[0].trim().split('-').pop()!.toUpperCase();
		for (const [code, list] of byAttribute) {
			if (list.length < 2) continue;
			const kept = list.filter((v) => have.has(currencyOf(v)));
			if (kept.length !== 1) {
				const { title } = list[0].attribute;
				fail(
					`Parameter "Attributes": ${list.map((v) => v.source).join(' and ')} ${list.length === 2 ? 'both' : 'all'} give the attribute "${code}"${title && title !== code ? ` (${title})` : ''}`,
					`A price in several currencies: set Import Options → Currency to the one to write. The account's currencies: ${[...have].join(', ') || 'none'}.`,
				);
			}
			for (const v of list) {
				if (v === kept[0]) continue;
				values.splice(values.indexOf(v), 1);
				notHere.push({
					column: v.fields[0],
					kind: 'currency',
					reason: `a price in ${currencyOf(v)}, which is no currency of the account (${[...have].join(', ')})`,
				});
			}
		}
	}

	const warnings = completeAmounts(
		[...direct, ...values, ...[...otherLanguages.values()].flat()],
		scope.currency,
	);
	return { values, used, notHere, otherLanguages, images, warnings };
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
		if ((!price && !isMetric(v.attribute)) || !isBareAmount(v.value)) continue;
		const fromHeader = v.fields
			.map(price ? currencyOfHeader : unitOfHeader)
			.find((u) => u !== undefined);
		const given = fromHeader ?? (price ? currency : undefined);
		if (given) {
			v.value = amountWith(v.value, given);
			continue;
		}
		const amount = text(v.value).trim();
		const { code } = v.attribute;
		warnings.push(
			price
				? {
						kind: 'noCurrency',
						text: `${v.source} holds the amount ${amount} with no currency for the attribute "${code}": sent as it is. Set Import Options → Currency, or give the currency with the amount (${amount} USD)`,
					}
				: {
						kind: 'noUnit',
						text: `${v.source} holds the amount ${amount} with no unit for the attribute "${code}": sent as it is. ${
							// Define Below's values come from no column.
							v.fields.length
								? `Give the unit in the header (Weight (kg)) or in a "${code}-unit" column`
								: `Give the unit with the amount (${amount} Kilogram)`
						}`,
					},
		);
	}
	return warnings;
}
